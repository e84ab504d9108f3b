/**
 * The server's answers as the generated OpenAPI types describe them (`api-schema.d.ts`, written by
 * `make api-types`; never edited by hand). Features alias these instead of hand-writing row shapes, so a
 * server change that alters a row fails the typecheck (and `make api-types-check` catches a stale file).
 */
import type { DataOf, OperationOf, PathsWith } from './api-client';
import type { components, operations } from './api-schema';

export type Schemas = components['schemas'];
export type Schema<K extends keyof Schemas> = Schemas[K];

/** The `data` a GET of the web API answers, by its path ('attendance_log/count'). */
export type AnswerData<P extends PathsWith<'get'>> = DataOf<OperationOf<P, 'get'>>;

/** The query parameters an operation takes (`operations` of the generated schema, by operationId). */
export type QueryOf<K extends keyof operations> = NonNullable<operations[K]['parameters']['query']>;
