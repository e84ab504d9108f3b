import type { Schema } from '@/lib/api-types';

export type SyncType = Schema<'SyncParamsTypeEnum'>;

/** The sync params of doc2 §3, every one sent; null man power values are sent as empty strings (doc2 §4). */
export type SyncParams = Required<Schema<'SyncParamsRequest'>>;
