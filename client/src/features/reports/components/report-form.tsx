import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import type { EmployeeOption } from '@/components/employee-picker';
import { DateInput } from '@/components/date-input';
import { MonthInput } from '@/components/month-input';
import { EmployeeSelection, missingSelection } from '@/components/employee-selection';
import { incompleteMessage } from '@/components/form';
import { emptyManPower, type ManPowerValue } from '@/components/man-power-cascade';
import { reportsText } from '@/i18n/reports.id';
import { showError } from '@/lib/notifications';
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    const wanted = request();
    let problem = requestProblem(wanted, text, today);
    if (problem === text.incomplete) {
      // Name what is missing (DESIGN §18), not just 'Lengkapi form terlebih dahulu!'.
      const dates = monthly ? { start: text.startMonth, end: text.endMonth } : { start: text.startDate, end: text.endDate };
      problem = incompleteMessage([
        ...missingSelection({ section, employees, resigned, manPower }, range, { ...text, ...dates }),
        hasCategory(kind) && !wanted.category && text.category,
      ]);
    }
    if (problem) {
      showError(problem);
      return;
    }
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
              />
            </div>
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
              />
            </div>
          </fieldset>
        )}
        {hasCategory(kind) && kind !== 'summary' ? (
          <Form.Group className="col-md-4" controlId={`${formId}-category`}>
            <Form.Label className="small mb-1">{text.category}</Form.Label>
            <Form.Select
              size="sm"
              value={category}
              disabled={categoriesLoading}
              onChange={(event) => setCategory(event.target.value)}
            >
              {(categories ?? []).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Form.Select>
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
