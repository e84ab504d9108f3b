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

/** A topic or event name in words, as the server names its payload components ('approval.izin' → 'ApprovalIzin'). */
type Words<S extends string> = S extends `${infer Head}.${infer Tail}`
  ? `${Words<Head>}${Words<Tail>}`
  : S extends `${infer Head}_${infer Tail}`
    ? `${Words<Head>}${Words<Tail>}`
    : S extends `${infer Head}-${infer Tail}`
      ? `${Words<Head>}${Words<Tail>}`
      : Capitalize<S>;

type SchemaOrUnknown<K extends string> = K extends keyof Schemas ? Schemas[K] : unknown;

/**
 * The `data` of a realtime event (`<Topic><Event>Event` of the generated components, which the server
 * declares beside each topic: server/realtime/event_schemas.py); `unknown` for an undescribed one.
 */
export type TopicEventData<Topic extends string, Event extends string> = SchemaOrUnknown<`${Words<Topic>}${Words<Event>}Event`>;

/** The snapshot a topic sends on subscribe (`<Topic>Snapshot`); `unknown` for an undescribed one. */
export type TopicSnapshotData<Topic extends string> = SchemaOrUnknown<`${Words<Topic>}Snapshot`>;
