import type { ReactNode } from 'react';
import Accordion from 'react-bootstrap/Accordion';
import Form from 'react-bootstrap/Form';
import { DateRange } from '@/components/date-range';
import { EmployeePicker } from '@/components/employee-picker';
import { ManPowerCascade } from '@/components/man-power-cascade';
import { adjustmentsText as text } from '@/i18n/adjustments.id';
import { openSection, type Section, type SelectionFilter } from './selection';

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
}

/** Date range and the three mutually exclusive sections of doc2 §2.4 / doc3 §2.2. */
export function SelectionForm({ filter, onChange, onSubmit, actions, min, max, showActiveToggle = true, label }: SelectionFormProps) {
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
        <DateRange
          label={text.dateRange}
          value={filter.range}
          min={min}
          max={max}
          onChange={(range) => onChange({ ...filter, range })}
          className="mb-3"
        />
        <Accordion
          activeKey={filter.section}
          onSelect={(key) => onChange(openSection(filter, typeof key === 'string' ? (key as Section) : null))}
        >
          <Accordion.Item eventKey="employees">
            <Accordion.Header>{text.employees}</Accordion.Header>
            <Accordion.Body>
              <EmployeePicker
                label={text.employeeSearch.label}
                value={filter.employees}
                onChange={(employees) => onChange({ ...filter, employees })}
              />
            </Accordion.Body>
          </Accordion.Item>
          <Accordion.Item eventKey="manPower">
            <Accordion.Header>{text.manPower}</Accordion.Header>
            <Accordion.Body>
              <div className="row g-2">
                <ManPowerCascade value={filter.manPower} onChange={(manPower) => onChange({ ...filter, manPower })} />
              </div>
              {showActiveToggle && (
                <Form.Check
                  type="switch"
                  id="adjustment-active-man-power"
                  className="mt-2"
                  label={text.activeManPower}
                  checked={filter.activeOnly}
                  onChange={(event) => onChange({ ...filter, activeOnly: event.target.checked })}
                />
              )}
            </Accordion.Body>
          </Accordion.Item>
          <Accordion.Item eventKey="resigned">
            <Accordion.Header>{text.resigned}</Accordion.Header>
            <Accordion.Body>
              <EmployeePicker
                label={text.employeeSearch.resignedLabel}
                resigned
                value={filter.resigned}
                onChange={(resigned) => onChange({ ...filter, resigned })}
              />
            </Accordion.Body>
          </Accordion.Item>
        </Accordion>
        <div className="mt-3 d-flex gap-2 flex-wrap">{actions}</div>
      </div>
    </form>
  );
}
