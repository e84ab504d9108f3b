import { useEffect, useId, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { reportsText } from '@/i18n/reports.id';
import { shortName } from '../api/report-request';
import { useEmployeeSearch, type EmployeeOption } from '../api/search-employees';

const text = reportsText.form;
/** doc3 §5, §9: the employee search starts on non-empty text, debounced by one second. */
export const EMPLOYEE_SEARCH_DEBOUNCE_MS = 1_000;

export interface EmployeeSelectProps {
  value: EmployeeOption[];
  onChange: (next: EmployeeOption[]) => void;
  /** Search resigned employees (status not_active) instead of active ones. */
  resigned?: boolean;
  label: string;
}

/** A multi-select of employees searched by name or employee ID (doc3 §2.2). */
export function EmployeeSelect({ value, onChange, resigned = false, label }: EmployeeSelectProps) {
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), EMPLOYEE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const search = useEmployeeSearch(query, resigned);
  const chosen = new Set(value.map((employee) => employee.hash_id));
  const options = (search.data ?? []).filter((employee) => !chosen.has(employee.hash_id));

  return (
    <div>
      <Form.Label htmlFor={inputId}>{label}</Form.Label>
      <Form.Control
        id={inputId}
        type="search"
        value={typed}
        placeholder={text.searchPlaceholder}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
      />
      {query !== '' && (
        <div className="mt-1" aria-live="polite">
          {search.isFetching ? (
            <span className="small text-muted">
              <Spinner size="sm" className="me-1" aria-hidden="true" />
              {text.searching}
            </span>
          ) : options.length === 0 ? (
            <span className="small text-muted">{text.noResult}</span>
          ) : (
            <ListGroup className="report-employee-options">
              {options.map((employee) => (
                <ListGroup.Item key={employee.hash_id} action type="button" onClick={() => onChange([...value, employee])}>
                  <span className="fw-semibold">{employee.employee_number_formatted}</span> {employee.name}
                  <span className="text-muted small ms-2">{shortName(employee.man_power_name)}</span>
                </ListGroup.Item>
              ))}
            </ListGroup>
          )}
        </div>
      )}
      {value.length > 0 && (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0" aria-label={text.selected}>
          {value.map((employee) => (
            <li key={employee.hash_id}>
              <Badge bg="light" text="dark" className="border d-inline-flex align-items-center gap-1 fw-normal">
                {employee.employee_number_formatted} {employee.name}
                <button
                  type="button"
                  className="btn-close ms-1"
                  style={{ fontSize: '0.6rem' }}
                  aria-label={text.remove(employee.name)}
                  onClick={() => onChange(value.filter((item) => item.hash_id !== employee.hash_id))}
                />
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
