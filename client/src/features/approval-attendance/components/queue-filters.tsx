import type { DateRangeValue } from '@/components/date-range';
import { FilterChoice, LogDateRangeFilter } from '@/components/filter-fields';
import { FilterPanel } from '@/components/filter-panel';
import { RISK_FACTORS } from '@/components/attendance-log/risk';
import { ManPowerCascade, emptyManPower, type ManPowerValue } from '@/components/man-power-cascade';
import { OverdueChip } from '@/components/overdue';
import { id as t } from '@/i18n/id';

const f = t.attendanceLog.filters;

export interface QueueFilters {
  dates: DateRangeValue;
  manPower: ManPowerValue;
  logType: string;
  location: string;
  faceRecognition: string;
  /** '', 'low', 'medium' or 'high'. */
  risk: string;
  /** '' or a risk factor code (RISK_FACTORS): rows whose reasons name it. */
  factor: string;
  /** '' or '1': only rows waiting past the queue's deadline ('Lewat batas'). */
  overdue: string;
}

/** The spec's defaults (doc2 §9): today to today, every other filter 'Semua'. */
export function defaultQueueFilters(dates: DateRangeValue): QueueFilters {
  return { dates, manPower: emptyManPower, logType: '', location: '', faceRecognition: '', risk: '', factor: '', overdue: '' };
}

/** The queue's filters as request parameters (dates only once both ends are set). */
export function queueFilterParams(filters: QueueFilters): Record<string, string> {
  const params: Record<string, string> = { status: 'waiting_approval' };
  if (filters.dates.start && filters.dates.end) {
    params.start_date = filters.dates.start;
    params.end_date = filters.dates.end;
  }
  const optional: Record<string, string> = {
    man_power_type: filters.manPower.type,
    man_power_name: filters.manPower.name,
    man_power_team_name: filters.manPower.team,
    man_power_group_name: filters.manPower.group,
    log_type: filters.logType,
    location: filters.location,
    face_recognition: filters.faceRecognition,
    risk: filters.risk,
    factor: filters.factor,
    overdue: filters.overdue,
  };
  for (const [key, value] of Object.entries(optional)) if (value) params[key] = value;
  return params;
}

/** Filters narrowed from 'Semua' (the date range always has a value and is not counted). */
export function activeQueueFilters(filters: QueueFilters): number {
  const { manPower, logType, location, faceRecognition, risk, factor, overdue } = filters;
  return [manPower.type, manPower.name, manPower.team, manPower.group, logType, location, faceRecognition, risk, factor, overdue].filter(
    Boolean,
  ).length;
}

/** '1' valid, '0' not. */
const validity = (labels: { valid: string; invalid: string }): Array<[string, string]> => [
  ['1', labels.valid],
  ['0', labels.invalid],
];

/** The selects after the date range, each 'Semua' or one of its choices. */
const CHOICES: Array<{
  key: 'logType' | 'location' | 'faceRecognition' | 'risk' | 'factor';
  label: string;
  options: Array<[string, string]>;
}> = [
  { key: 'logType', label: f.logType, options: [['check_in', t.attendanceLog.logTypes.check_in], ['check_out', t.attendanceLog.logTypes.check_out]] },
  { key: 'location', label: f.location, options: validity(t.attendanceLog.locations) },
  { key: 'faceRecognition', label: f.faceRecognition, options: validity(t.attendanceLog.faceRecognition) },
  {
    key: 'risk',
    label: t.approvalAttendance.riskFilter,
    options: (['low', 'medium', 'high'] as const).map((level) => [level, t.attendanceLog.risk.levels[level]]),
  },
  {
    key: 'factor',
    label: t.attendanceLog.risk.factorFilter,
    options: RISK_FACTORS.map((code) => [code, t.attendanceLog.risk.factors[code]]),
  },
];

export function QueueFiltersForm({ value, onChange }: { value: QueueFilters; onChange: (next: QueueFilters) => void }) {
  const set = (change: Partial<QueueFilters>) => onChange({ ...value, ...change });
  return (
    <FilterPanel title={f.title} activeCount={activeQueueFilters(value)}>
      <div className="filter-panel-fields">
        <div className="row g-3 align-items-end">
          <LogDateRangeFilter label={f.dateRange} value={value.dates} onChange={(dates) => set({ dates })} />
          {CHOICES.map((choice) => (
            <FilterChoice
              key={choice.key}
              className="col-sm-4 col-lg-2"
              label={choice.label}
              value={value[choice.key]}
              options={choice.options}
              onChange={(next) => set({ [choice.key]: next })}
            />
          ))}
        </div>
        <div className="row g-3 mt-0">
          <ManPowerCascade value={value.manPower} onChange={(manPower) => set({ manPower })} />
        </div>
        <div className="mt-3">
          <OverdueChip active={value.overdue === '1'} onChange={(on) => set({ overdue: on ? '1' : '' })} />
        </div>
      </div>
    </FilterPanel>
  );
}
