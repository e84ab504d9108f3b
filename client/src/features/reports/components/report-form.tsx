import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import type { EmployeeOption } from '@/components/employee-picker';
import { DateInput } from '@/components/date-input';
import { MonthInput } from '@/components/month-input';
import {
  EmployeeSelection,
  SELECTION_FIELDS,
  selectionErrors,
  type EmployeeSelectionValue,
  type SelectionField,
} from '@/components/employee-selection';
import { useInlineErrors, type InlineErrorMessages } from '@/components/form';
import { emptyManPower, type ManPowerValue } from '@/components/man-power-cascade';
import { reportsText } from '@/i18n/reports.id';
import { id as t } from '@/i18n/id';
import { reportQuery } from '../api/get-report';
import {
  defaultRange,
  documentPath,
  hasCategory,
  monthEnd,
  monthStart,
  requestProblem,
  serverToday,
  usesMonthRange,
  type ReportKind,
  type ReportRequest,
} from '../api/report-request';

const text = reportsText.form;

export type ReportSection = 'employees' | 'manPower' | 'resigned';

export interface CategoryOption {
  value: string;
  label: string;
}

export interface ReportFormProps {
  kind: ReportKind;
  /** The category picker's options (overtime, permission, undisciplined); the first is the default. */
  categories?: CategoryOption[];
  /** Shown while the categories load (the permission types). */
  categoriesLoading?: boolean;
}

type ReportField = SelectionField | 'category';
const REPORT_FIELDS: readonly ReportField[] = [...SELECTION_FIELDS, 'category'];

/**
 * What keeps a request from being sent, each on its field: the people and dates it lacks, the
 * category, then the range rules of `requestProblem` on the end of the range.
 */
function reportErrors(
  wanted: ReportRequest,
  selection: EmployeeSelectionValue,
  monthly: boolean,
  today: string,
): InlineErrorMessages<ReportField> {
  const dates = monthly ? { start: text.startMonth, end: text.endMonth } : { start: text.startDate, end: text.endDate };
  const errors: InlineErrorMessages<ReportField> = selectionErrors(selection, wanted, { ...text, ...dates });
  if (hasCategory(wanted.kind) && !wanted.category) errors.category = t.form.required(text.category);
  if (Object.keys(errors).length > 0) return errors;
  const problem = requestProblem(wanted, text, today);
  return problem ? { end: problem } : {};
}

/**
 * The one report form (doc3 §2.2, §4, §5): three exclusive sections (Karyawan, Man Power, Karyawan Sudah
 * Resign; opening one clears the others), the day or month range of its report, the category, and
 * 'Tampilkan'. Submit validates, requests the report, then opens the document at its own address (the
 * document reads the cached answer).
 */
export function ReportForm({ kind, categories, categoriesLoading }: ReportFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formId = useId();
  const today = serverToday();
  const initial = defaultRange(kind, today);
  const monthly = usesMonthRange(kind);

  const [section, setSection] = useState<ReportSection | null>('employees');
  const [employees, setEmployees] = useState<EmployeeOption[]>([]);
  const [resigned, setResigned] = useState<EmployeeOption[]>([]);
  const [manPower, setManPower] = useState<ManPowerValue>(emptyManPower);
  const [activeOnly, setActiveOnly] = useState(true);
  const [range, setRange] = useState(initial);
  const [category, setCategory] = useState<string>(categories?.[0]?.value ?? 'all');
  const [loading, setLoading] = useState(false);
  // Remounts the searches of a cleared section (its typed text and results go with its selection).
  const [generation, setGeneration] = useState(0);

  const open = (next: ReportSection | null) => {
    setSection(next);
    setGeneration((value) => value + 1);
    // Only one section holds a selection: opening one clears the others (doc3 §2.2).
    if (next !== 'employees') setEmployees([]);
    if (next !== 'resigned') setResigned([]);
    if (next !== 'manPower') setManPower(emptyManPower);
  };

  const request = (): ReportRequest => {
    const people = section === 'resigned' ? resigned : section === 'employees' ? employees : [];
    return {
      kind,
      employees: people.map((employee) => employee.employee_number_formatted),
      manPower: section === 'manPower' ? manPower : emptyManPower,
      activeOnly: kind === 'detail' && activeOnly,
      start: range.start,
      end: range.end,
      category: hasCategory(kind) ? category : '',
    };
  };

  const wanted = request();
  const errors = useInlineErrors(
    REPORT_FIELDS,
    reportErrors(wanted, { section, employees, resigned, manPower }, monthly, today),
    text.incomplete,
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    // Inline messages on the fields, the first one focused (DESIGN §18); nothing is sent.
    if (!errors.check()) return;
    setLoading(true);
    try {
      await queryClient.fetchQuery(reportQuery(wanted));
      await navigate(documentPath(wanted));
    } catch {
      // The API client has shown the server's message; the form keeps every value.
    } finally {
      setLoading(false);
    }
  };

  const monthMax = today.slice(0, 7);

  return (
    <Form id={formId} noValidate onSubmit={(event) => void submit(event)}>
      {errors.alert}
      <p className="small text-muted">{text.sectionHint}</p>
      <EmployeeSelection
        section={section}
        onSection={(key) => open(key as ReportSection | null)}
        className="mb-3"
        text={{
          employees: text.employees,
          employeesLabel: text.employeeSearch,
          manPower: text.manPower,
          resigned: text.resigned,
          resignedLabel: text.resignedSearch,
        }}
        employees={employees}
        onEmployees={setEmployees}
        resigned={resigned}
        onResigned={setResigned}
        manPower={manPower}
        onManPower={setManPower}
        manPowerColumnClassName="col-sm-6"
        manPowerExtra={
          kind === 'detail' ? (
            <Form.Check
              className="mt-3"
              type="switch"
              id={`${formId}-active`}
              label={text.activeManPower}
              checked={activeOnly}
              onChange={(event) => setActiveOnly(event.target.checked)}
            />
          ) : null
        }
        generation={generation}
        errors={errors}
      />

      <div className="row g-3 align-items-end">
        {monthly ? (
          <fieldset className="col-md-8">
            <legend className="form-label small mb-1">{text.monthRange}</legend>
            <div className="d-flex align-items-center gap-2">
              <MonthInput
                size="sm"
                aria-label={text.startMonth}
                value={range.start.slice(0, 7)}
                max={range.end.slice(0, 7) || monthMax}
                onChange={(next) => setRange({ ...range, start: monthStart(next) })}
                {...errors.control('start')}
              />
              <span className="small text-muted" aria-hidden="true">
                {text.to}
              </span>
              <MonthInput
                size="sm"
                aria-label={text.endMonth}
                value={range.end.slice(0, 7)}
                min={range.start.slice(0, 7)}
                max={monthMax}
                onChange={(next) => setRange({ ...range, end: monthEnd(next) })}
                {...errors.control('end')}
              />
            </div>
            {errors.message('start')}
            {errors.message('end')}
          </fieldset>
        ) : (
          <fieldset className="col-md-8">
            <legend className="form-label small mb-1">{text.dayRange}</legend>
            <div className="d-flex align-items-center gap-2">
              <DateInput
                size="sm"
                aria-label={text.startDate}
                value={range.start}
                max={range.end || undefined}
                onChange={(start) => setRange({ ...range, start })}
                {...errors.control('start')}
              />
              <span className="small text-muted" aria-hidden="true">
                {text.to}
              </span>
              <DateInput
                size="sm"
                aria-label={text.endDate}
                value={range.end}
                min={range.start || undefined}
                onChange={(end) => setRange({ ...range, end })}
                {...errors.control('end')}
              />
            </div>
            {errors.message('start')}
            {errors.message('end')}
          </fieldset>
        )}
        {hasCategory(kind) && kind !== 'summary' ? (
          <Form.Group className="col-md-4">
            <Form.Label className="small mb-1" htmlFor={errors.control('category').id}>
              {text.category}
            </Form.Label>
            <Form.Select
              size="sm"
              value={category}
              disabled={categoriesLoading}
              onChange={(event) => setCategory(event.target.value)}
              {...errors.control('category')}
            >
              {(categories ?? []).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Form.Select>
            {errors.message('category')}
          </Form.Group>
        ) : null}
      </div>

      <div className="mt-4">
        <Button type="submit" variant="primary" disabled={loading}>
          {loading ? <Spinner size="sm" className="me-2" aria-hidden="true" /> : null}
          {text.submit}
        </Button>
      </div>
    </Form>
  );
}
