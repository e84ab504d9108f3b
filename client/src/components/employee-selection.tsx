import type { ReactNode } from 'react';
import Accordion from 'react-bootstrap/Accordion';
import { id as t } from '@/i18n/id';
import { dayjs } from '@/lib/dates';
import type { EmployeeOption } from './employee-picker';
import { EmployeePicker } from './employee-picker';
import type { InlineErrorMessages, InlineErrors } from './form/inline-errors';
import { emptyManPower, ManPowerCascade, type ManPowerValue } from './man-power-cascade';

export type SelectionSection = 'employees' | 'manPower' | 'resigned';

/** What the three sections hold (a screen's filter adds its own fields). */
export interface EmployeeSelectionValue {
  section: SelectionSection | null;
  employees: EmployeeOption[];
  manPower: ManPowerValue;
  resigned: EmployeeOption[];
}

/** The fields of a selection with an inline error, in the order a submit focuses them. */
export type SelectionField = 'start' | 'end' | 'employees' | 'resigned' | 'manPowerType' | 'manPowerName';
export const SELECTION_FIELDS: readonly SelectionField[] = ['start', 'end', 'employees', 'resigned', 'manPowerType', 'manPowerName'];

/**
 * The inline messages of what a selection still lacks (`useInlineErrors`; DESIGN §18: the field
 * named): '<label> harus diisi' on the dates of `range` and on the open section's employees, or its
 * man power type and name (the employees when no section is open); `limit.message` on the end of a
 * range longer than `limit.maxDays`.
 */
export function selectionErrors(
  value: EmployeeSelectionValue,
  range: { start: string; end: string },
  text: { employees: string; resigned: string; start?: string; end?: string },
  limit?: { maxDays: number; message: string },
): InlineErrorMessages<SelectionField> {
  const errors: InlineErrorMessages<SelectionField> = {};
  if (limit && range.start && range.end && dayjs(range.end).diff(dayjs(range.start), 'day') > limit.maxDays) errors.end = limit.message;
  if (!range.start) errors.start = t.form.required(text.start ?? t.dateRange.start);
  if (!range.end) errors.end = t.form.required(text.end ?? t.dateRange.end);
  if (value.section === 'manPower') {
    if (!value.manPower.type) errors.manPowerType = t.form.required(t.manPower.type);
    if (!value.manPower.name) errors.manPowerName = t.form.required(t.manPower.name);
  } else if (value.section === 'resigned') {
    if (value.resigned.length === 0) errors.resigned = t.form.required(text.resigned);
  } else if (value.employees.length === 0) {
    errors.employees = t.form.required(text.employees);
  }
  return errors;
}

/** Opening one section clears the selections of the others (doc2 §4). */
export function openSelectionSection<Filter extends EmployeeSelectionValue>(filter: Filter, section: SelectionSection | null): Filter {
  return {
    ...filter,
    section,
    employees: section === 'employees' ? filter.employees : [],
    manPower: section === 'manPower' ? filter.manPower : emptyManPower,
    resigned: section === 'resigned' ? filter.resigned : [],
  };
}

export interface EmployeeSelectionProps {
  /** The open section ('employees', 'manPower' or 'resigned'; null: none). */
  section: string | null;
  onSection: (key: string | null) => void;
  className?: string;
  /** Section titles and the pickers' labels. */
  text: { employees: string; employeesLabel: string; manPower: string; resigned: string; resignedLabel: string };
  employees: EmployeeOption[];
  onEmployees: (next: EmployeeOption[]) => void;
  resigned: EmployeeOption[];
  onResigned: (next: EmployeeOption[]) => void;
  manPower: ManPowerValue;
  onManPower: (next: ManPowerValue) => void;
  manPowerColumnClassName?: string;
  /** Under the man power cascade (e.g. the active man power switch). */
  manPowerExtra?: ReactNode;
  /** Changing it empties the employee pickers' search (a form reset). */
  generation?: number;
  /** The form's inline errors (`useInlineErrors`, `selectionErrors`): each under its search or select. */
  errors?: InlineErrors<SelectionField>;
}

/**
 * The three mutually exclusive ways to choose employees (doc2 §2.4, doc3 §2.2): by employee, by man
 * power (type > name > team > group) or among resigned employees, as accordion sections.
 */
export function EmployeeSelection({
  section,
  onSection,
  className,
  text,
  employees,
  onEmployees,
  resigned,
  onResigned,
  manPower,
  onManPower,
  manPowerColumnClassName,
  manPowerExtra,
  generation = 0,
  errors,
}: EmployeeSelectionProps) {
  // With every section closed the employees' message shows under them (a closed section hides its body),
  // and their section's header is the control a submit focuses, described by it.
  const closed = section === null;
  const employeesControl = errors?.control('employees');
  const { isInvalid, ...employeesHeader } = closed && employeesControl ? employeesControl : { isInvalid: false };
  return (
    <>
      <Accordion activeKey={section} onSelect={(key) => onSection(typeof key === 'string' ? key : null)} className={className}>
        <Accordion.Item eventKey="employees">
          <h2 className="accordion-header">
            <Accordion.Button {...employeesHeader} className={isInvalid ? 'text-danger' : undefined}>
              {text.employees}
            </Accordion.Button>
          </h2>
          <Accordion.Body>
            <EmployeePicker
              key={`employees-${generation}`}
              label={text.employeesLabel}
              value={employees}
              onChange={onEmployees}
              inputProps={closed ? undefined : employeesControl}
            />
            {closed ? null : errors?.message('employees')}
          </Accordion.Body>
        </Accordion.Item>
        <Accordion.Item eventKey="manPower">
          <Accordion.Header>{text.manPower}</Accordion.Header>
          <Accordion.Body>
            <div className="row g-2">
              <ManPowerCascade
                value={manPower}
                onChange={onManPower}
                columnClassName={manPowerColumnClassName}
                levelProps={errors ? { type: errors.control('manPowerType'), name: errors.control('manPowerName') } : undefined}
              />
            </div>
            {errors?.message('manPowerType')}
            {errors?.message('manPowerName')}
            {manPowerExtra}
          </Accordion.Body>
        </Accordion.Item>
        <Accordion.Item eventKey="resigned">
          <Accordion.Header>{text.resigned}</Accordion.Header>
          <Accordion.Body>
            <EmployeePicker
              key={`resigned-${generation}`}
              label={text.resignedLabel}
              value={resigned}
              onChange={onResigned}
              resigned
              inputProps={errors?.control('resigned')}
            />
            {errors?.message('resigned')}
          </Accordion.Body>
        </Accordion.Item>
      </Accordion>
      {closed ? errors?.message('employees') : null}
    </>
  );
}
