import { useEffect, useId, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { adjustmentsText } from '@/i18n/adjustments.id';
import { useEmployeeSearch, type EmployeeOption } from '../api/employees';

const text = adjustmentsText.employeeSearch;
/** doc2 §5: the employee search fires on non-empty text, debounced 1000 ms. */
export const EMPLOYEE_SEARCH_DEBOUNCE_MS = 1_000;
/** doc2 §9: the man power name is cut at 30 characters plus '...'. */
export function cutManPower(name: string): string {
  return name.length > 30 ? `${name.slice(0, 30)}...` : name;
}

export function useDebounced(value: string, delay = EMPLOYEE_SEARCH_DEBOUNCE_MS): string {
  const [debounced, setDebounced] = useState(value.trim());
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value.trim()), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export interface EmployeePickerProps {
  value: EmployeeOption[];
  onChange: (next: EmployeeOption[]) => void;
  resigned?: boolean;
  label: string;
}

/** Multi-select of employees (doc2 §2.4 'Karyawan' and 'Karyawan Sudah Resign'). */
export function EmployeePicker({ value, onChange, resigned = false, label }: EmployeePickerProps) {
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const query = useDebounced(typed);
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
        placeholder={text.placeholder}
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
            <ListGroup>
              {options.map((employee) => (
                <ListGroup.Item key={employee.hash_id} action type="button" onClick={() => onChange([...value, employee])}>
                  <span className="fw-semibold">{employee.employee_number_formatted}</span> {employee.name}
                  <span className="text-muted small ms-2">{cutManPower(employee.man_power_name)}</span>
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
                  className="btn-close btn-close-sm ms-1"
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
