import type { Schema } from '@/lib/api-types';

export type SyncType = Schema<'SyncParamsTypeEnum'>;

/** The sync params of doc2 §3; null man power values are sent as empty strings (doc2 §4). */
export interface SyncParams {
  type: SyncType;
  start_date: string;
  end_date: string;
  employee_id: string;
  man_power_type: string;
  man_power_name: string;
  man_power_team_name: string;
  man_power_group_name: string;
}
