import type { DateRangeValue } from '@/components/date-range';
import { FilterSelect, LogDateRangeFilter } from '@/components/filter-fields';
import { FilterPanel } from '@/components/filter-panel';
import { id as t } from '@/i18n/id';
import { useLogManPower } from '../api/get-log-man-power';

const f = t.attendanceLog.filters;

export interface HistoryFilters {
  /** hash_id of the placement ('' = all). */
  manPower: string;
  dates: DateRangeValue;
  status: string;
  logType: string;
}

export const HISTORY_STATUSES = ['approved', 'manual_approved', 'rejected'] as const;

export function historyFilterParams(filters: HistoryFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.dates.start && filters.dates.end) {
    params.start_date = filters.dates.start;
    params.end_date = filters.dates.end;
  }
  if (filters.manPower) params.man_power = filters.manPower;
  if (filters.status) params.status = filters.status;
  if (filters.logType) params.log_type = filters.logType;
  return params;
}

/** Filters narrowed from 'Semua' (the date range always has a value and is not counted). */
export function activeHistoryFilters(filters: HistoryFilters): number {
  return [filters.manPower, filters.status, filters.logType].filter(Boolean).length;
}

const SELECT_COLUMN = 'col-sm-6 col-lg-2';

export function HistoryFiltersForm({
  value,
  onChange,
}: {
  value: HistoryFilters;
  onChange: (next: HistoryFilters) => void;
}) {
  const manPower = useLogManPower();
  return (
    <FilterPanel title={f.title} activeCount={activeHistoryFilters(value)}>
      <div className="filter-panel-fields">
        <div className="row g-3 align-items-end">
          <FilterSelect
            label={t.attendanceLog.columns.manPowerName}
            value={value.manPower}
            onChange={(next) => onChange({ ...value, manPower: next })}
            className="col-sm-6 col-lg-3"
          >
            <option value="">{t.attendanceLog.all}</option>
            {(manPower.data ?? []).map((option) => (
              <option key={option.hash_id} value={option.hash_id}>
                {option.label}
              </option>
            ))}
          </FilterSelect>
          <LogDateRangeFilter label={f.dateRange} value={value.dates} onChange={(dates) => onChange({ ...value, dates })} />
          <FilterSelect className={SELECT_COLUMN} label={f.status} value={value.status} onChange={(status) => onChange({ ...value, status })}>
            <option value="">{t.attendanceLog.all}</option>
            {HISTORY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t.attendanceLog.statuses[status]}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect className={SELECT_COLUMN} label={f.logType} value={value.logType} onChange={(logType) => onChange({ ...value, logType })}>
            <option value="">{t.attendanceLog.all}</option>
            <option value="check_in">{t.attendanceLog.logTypes.check_in}</option>
            <option value="check_out">{t.attendanceLog.logTypes.check_out}</option>
          </FilterSelect>
        </div>
      </div>
    </FilterPanel>
  );
}
