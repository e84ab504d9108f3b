import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { DateRange, twoMonthWindow, type DateRangeValue } from '@/components/date-range';
import { FilterPanel } from '@/components/filter-panel';
import { ManPowerCascade, type ManPowerValue } from '@/components/man-power-cascade';
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
  };
  for (const [key, value] of Object.entries(optional)) if (value) params[key] = value;
  return params;
}

/** Filters narrowed from 'Semua' (the date range always has a value and is not counted). */
export function activeQueueFilters(filters: QueueFilters): number {
  const { manPower, logType, location, faceRecognition, risk } = filters;
  return [manPower.type, manPower.name, manPower.team, manPower.group, logType, location, faceRecognition, risk].filter(
    Boolean,
  ).length;
}

function Choice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: Array<[string, string]>;
  onChange: (next: string) => void;
}) {
  const id = useId();
  return (
    <div className="col-sm-4 col-lg-2">
      <Form.Label htmlFor={id} className="small mb-1">
        {label}
      </Form.Label>
      <Form.Select id={id} size="sm" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t.attendanceLog.all}</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </Form.Select>
    </div>
  );
}

export function QueueFiltersForm({ value, onChange }: { value: QueueFilters; onChange: (next: QueueFilters) => void }) {
  const dateWindow = twoMonthWindow();
  return (
    <FilterPanel title={f.title} activeCount={activeQueueFilters(value)}>
      <div className="filter-panel-fields">
        <div className="row g-3 align-items-end">
          <div className="col-lg-4">
            <DateRange
              label={f.dateRange}
              value={value.dates}
              min={dateWindow.min}
              max={dateWindow.max}
              onChange={(dates) => onChange({ ...value, dates })}
            />
          </div>
          <Choice
            label={f.logType}
            value={value.logType}
            options={[
              ['check_in', t.attendanceLog.logTypes.check_in],
              ['check_out', t.attendanceLog.logTypes.check_out],
            ]}
            onChange={(logType) => onChange({ ...value, logType })}
          />
          <Choice
            label={f.location}
            value={value.location}
            options={[
              ['1', t.attendanceLog.locations.valid],
              ['0', t.attendanceLog.locations.invalid],
            ]}
            onChange={(location) => onChange({ ...value, location })}
          />
          <Choice
            label={f.faceRecognition}
            value={value.faceRecognition}
            options={[
              ['1', t.attendanceLog.faceRecognition.valid],
              ['0', t.attendanceLog.faceRecognition.invalid],
            ]}
            onChange={(faceRecognition) => onChange({ ...value, faceRecognition })}
          />
          <Choice
            label={t.approvalAttendance.riskFilter}
            value={value.risk}
            options={(['low', 'medium', 'high'] as const).map((level) => [level, t.attendanceLog.risk.levels[level]])}
            onChange={(risk) => onChange({ ...value, risk })}
          />
        </div>
        <div className="row g-3 mt-0">
          <ManPowerCascade value={value.manPower} onChange={(manPower) => onChange({ ...value, manPower })} />
        </div>
      </div>
    </FilterPanel>
  );
}
