import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { DateRange } from '@/components/date-range';
import { EmployeeSelection, SELECTION_FIELDS, type SelectionField } from '@/components/employee-selection';
import { useInlineErrors, type InlineErrors } from '@/components/form';
import { adjustmentsText as text } from '@/i18n/adjustments.id';
import { openSection, selectionErrorsOf, type Section, type SelectionFilter } from './selection';

export interface SelectionFormProps {
  filter: SelectionFilter;
  onChange: (next: SelectionFilter) => void;
  onSubmit: () => void;
  /** The submit button (and anything beside it). */
  actions: ReactNode;
  /** Bounds of the date range (the report: 30 days from the first picked date). */
  min?: string;
  max?: string;
  showActiveToggle?: boolean;
  label: string;
  /** The inline errors of the filter (`useSelectionErrors`). */
  errors: InlineErrors<SelectionField>;
}

/** The filter's inline errors: shown from the first 'Tampilkan', the first field focused (DESIGN §18). */
export function useSelectionErrors(filter: SelectionFilter): InlineErrors<SelectionField> {
  return useInlineErrors(SELECTION_FIELDS, selectionErrorsOf(filter), text.incomplete);
}

/** Date range and the three mutually exclusive sections of doc2 §2.4 / doc3 §2.2. */
export function SelectionForm({ filter, onChange, onSubmit, actions, min, max, showActiveToggle = true, label, errors }: SelectionFormProps) {
  return (
    <form
      className="card border-0 shadow-sm"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
    >
      <div className="card-body">
        {errors.alert}
        <DateRange
          label={text.dateRange}
          value={filter.range}
          min={min}
          max={max}
          onChange={(range) => onChange({ ...filter, range })}
          className="mb-3"
          errors={errors}
        />
        <EmployeeSelection
          section={filter.section}
          onSection={(key) => onChange(openSection(filter, key as Section | null))}
          text={{
            employees: text.employees,
            employeesLabel: text.employeeSearch.label,
            manPower: text.manPower,
            resigned: text.resigned,
            resignedLabel: text.employeeSearch.resignedLabel,
          }}
          employees={filter.employees}
          onEmployees={(employees) => onChange({ ...filter, employees })}
          resigned={filter.resigned}
          onResigned={(resigned) => onChange({ ...filter, resigned })}
          manPower={filter.manPower}
          onManPower={(manPower) => onChange({ ...filter, manPower })}
          errors={errors}
          manPowerExtra={
            showActiveToggle && (
              <Form.Check
                type="switch"
                id="adjustment-active-man-power"
                className="mt-2"
                label={text.activeManPower}
                checked={filter.activeOnly}
                onChange={(event) => onChange({ ...filter, activeOnly: event.target.checked })}
              />
            )
          }
        />
        <div className="mt-3 d-flex gap-2 flex-wrap">{actions}</div>
      </div>
    </form>
  );
}
