import type { DateRangeValue } from '@/components/date-range';
import type { EmployeeOption } from '@/components/employee-picker';
import {
  openSelectionSection,
  SELECTION_FIELDS,
  selectionErrors,
  type EmployeeSelectionValue,
  type SelectionField,
  type SelectionSection,
} from '@/components/employee-selection';
import { useInlineErrors, type InlineErrorMessages, type InlineErrors } from '@/components/form';
import { emptyManPower } from '@/components/man-power-cascade';
import type { SelectionFormText } from '@/components/selection-form';
import { adjustmentsText as text } from '@/i18n/adjustments.id';
import type { SelectionParams } from '../api/attendance';

/** doc2 §9, doc3 §5: the adjustment filter and report span at most 30 days. */
export const MAX_RANGE_DAYS = 30;

export type Section = SelectionSection;

export interface SelectionFilter extends EmployeeSelectionValue {
  range: DateRangeValue;
  activeOnly: boolean;
}

export function initialFilter(range: DateRangeValue): SelectionFilter {
  return { range, section: 'employees', employees: [], manPower: emptyManPower, activeOnly: true, resigned: [] };
}

/** Opening one section clears the selections of the others (doc2 §4). */
export const openSection = openSelectionSection<SelectionFilter>;

/** Employee numbers as the URL-encoded JSON object keyed 1..n of doc2 §7. */
export function employeeIdParam(employees: EmployeeOption[]): string {
  return JSON.stringify(Object.fromEntries(employees.map((e, index) => [String(index + 1), e.employee_number_formatted])));
}

/**
 * What the filter still lacks, as inline messages (doc2 §5; DESIGN §18: each on its field): at least
 * one employee, one resigned employee, or a man power type plus name, and both dates spanning at most
 * 30 days. Empty when the filter can be sent.
 */
export function selectionErrorsOf(filter: SelectionFilter): InlineErrorMessages<SelectionField> {
  return selectionErrors(filter, filter.range, text, { maxDays: MAX_RANGE_DAYS, message: text.rangeTooLong });
}

/** The filter's inline errors: shown from the first 'Tampilkan', the first field focused (DESIGN §18). */
export function useSelectionErrors(filter: SelectionFilter): InlineErrors<SelectionField> {
  return useInlineErrors(SELECTION_FIELDS, selectionErrorsOf(filter), text.incomplete);
}

/** The texts of the adjustments' selection form (the filter and the report). */
export const selectionFormText: SelectionFormText = {
  dateRange: text.dateRange,
  employees: text.employees,
  employeesLabel: text.employeeSearch.label,
  manPower: text.manPower,
  resigned: text.resigned,
  resignedLabel: text.employeeSearch.resignedLabel,
  activeManPower: text.activeManPower,
};

/** The id of the adjustment filter's active man power switch. */
export const ACTIVE_TOGGLE_ID = 'adjustment-active-man-power';

/**
 * The filter as request params, or null when it cannot be sent (`selectionErrorsOf` says why). Null
 * man power values are sent as empty strings (doc2 §4).
 */
export function selectionParamsOf(filter: SelectionFilter): SelectionParams | null {
  if (Object.keys(selectionErrorsOf(filter)).length > 0) return null;
  const { range, section } = filter;
  const base: SelectionParams = {
    start_date: range.start,
    end_date: range.end,
    employee_id: '',
    man_power_type: '',
    man_power_name: '',
    man_power_team_name: '',
    man_power_group_name: '',
    man_power: '',
  };
  if (section === 'resigned') return { ...base, employee_id: employeeIdParam(filter.resigned) };
  if (section === 'manPower') {
    return {
      ...base,
      man_power_type: filter.manPower.type,
      man_power_name: filter.manPower.name,
      man_power_team_name: filter.manPower.team ?? '',
      man_power_group_name: filter.manPower.group ?? '',
      man_power: filter.activeOnly ? '1' : '0',
    };
  }
  return { ...base, employee_id: employeeIdParam(filter.employees) };
}

/** The selection's label for file names: one employee's name, 'Karyawan' for several, else the placement. */
export function selectionLabel(filter: SelectionFilter): string {
  const people = filter.section === 'resigned' ? filter.resigned : filter.employees;
  if (filter.section !== 'manPower') return people.length === 1 ? people[0].name : 'Karyawan';
  return filter.manPower.name;
}
