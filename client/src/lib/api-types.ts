/**
 * The server's answers as the generated OpenAPI types describe them (`api-schema.d.ts`, written by
 * `make api-types`; never edited by hand). Features alias these instead of hand-writing row shapes, so a
 * server change that alters a row fails the typecheck (and `make api-types-check` catches a stale file).
 */
import type { components } from './api-schema';

export type Schemas = components['schemas'];
export type Schema<K extends keyof Schemas> = Schemas[K];
