import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { DateRange, type DateRangeValue } from './date-range';
import { EmployeeSelection, openSelectionSection, type EmployeeSelectionValue, type SelectionField, type SelectionSection } from './employee-selection';
import type { InlineErrors } from './form/inline-errors';

/** A selection form's value: the date range and the three sections (and the active man power switch). */
export interface SelectionFormValue extends EmployeeSelectionValue {
  range: DateRangeValue;
  activeOnly?: boolean;
}

export interface SelectionFormText {
  dateRange: string;
  /** Section titles and the pickers' labels. */
  employees: string;
  employeesLabel: string;
  manPower: string;
  resigned: string;
  resignedLabel: string;
  /** The active man power switch under the cascade (shown with `activeToggleId`). */
  activeManPower?: string;
}

export interface SelectionFormProps<Value extends SelectionFormValue> {
  value: Value;
  onChange: (next: Value) => void;
  onSubmit: () => void;
  text: SelectionFormText;
  /** The submit button (and anything beside it). */
  actions: ReactNode;
  /** Bounds of the date range (e.g. 30 days from the first picked date). */
  min?: string;
  max?: string;
  /** The form's accessible name (a named form is a landmark). */
  label?: string;
  /** The id of the active man power switch; without it no switch is shown. */
  activeToggleId?: string;
  /** The inline errors of the selection (`useInlineErrors` with `selectionErrors`). */
  errors: InlineErrors<SelectionField>;
}

/**
 * The selection form of doc2 §2.4 / doc3 §2.2 (attendance adjustments, their report, the payroll
 * sync): a date range and the three mutually exclusive sections (opening one clears the others), in
 * a card, with the screen's actions below.
 */
export function SelectionForm<Value extends SelectionFormValue>({
  value,
  onChange,
  onSubmit,
  text,
  actions,
  min,
  max,
  label,
  activeToggleId,
  errors,
}: SelectionFormProps<Value>) {
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
          value={value.range}
          min={min}
          max={max}
          onChange={(range) => onChange({ ...value, range })}
          className="mb-3"
          errors={errors}
        />
        <EmployeeSelection
          section={value.section}
          onSection={(key) => onChange(openSelectionSection(value, key as SelectionSection | null))}
          text={text}
          employees={value.employees}
          onEmployees={(employees) => onChange({ ...value, employees })}
          resigned={value.resigned}
          onResigned={(resigned) => onChange({ ...value, resigned })}
          manPower={value.manPower}
          onManPower={(manPower) => onChange({ ...value, manPower })}
          errors={errors}
          manPowerExtra={
            activeToggleId && (
              <Form.Check
                type="switch"
                id={activeToggleId}
                className="mt-2"
                label={text.activeManPower}
                checked={Boolean(value.activeOnly)}
                onChange={(event) => onChange({ ...value, activeOnly: event.target.checked })}
              />
            )
          }
        />
        <div className="mt-3 d-flex gap-2 flex-wrap">{actions}</div>
      </div>
    </form>
  );
}
