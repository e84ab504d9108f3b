import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { id as t } from '@/i18n/id';
import { api } from '@/lib/api-client';
import type { AnswerData } from '@/lib/api-types';
import type { InvalidControlProps } from './form/inline-errors';

/**
 * The employee multi-select of the 'Karyawan' and 'Karyawan Sudah Resign' sections (doc2 §2.4, §5;
 * doc3 §2.2, §5), fed by `GET employee/search`.
 *
 * Controlled: `value` holds the chosen employees. The search fires on non-empty text, debounced
 * 1000 ms; `resigned` searches resigned employees (status not_active) instead of active ones. Each
 * result is a button '{number} {name} {man power, cut at 30 + '...'}', hidden once chosen; the chosen
 * ones are the list 'Karyawan terpilih', each with a 'Hapus {name}' button. The search box's
 * accessible name is `label`. By keyboard (useEmployeeSearchKeys): Enter in the box searches at once and
 * never submits the form around it, ArrowDown moves into the results, ArrowUp/ArrowDown/Home/End move
 * between them, Enter or Space picks one (focus goes back to the box), Escape returns to the box.
 */

const text = t.employeePicker;

/** doc2 §5, doc3 §5: the employee search fires on non-empty text, debounced 1000 ms. */
export const EMPLOYEE_SEARCH_DEBOUNCE_MS = 1_000;

type SearchedEmployee = AnswerData<'employee/search'>[number];
/**
 * An employee of `GET employee/search`; `cuti` (the leave balance the leave adjustment form shows) stays
 * optional as it was: the selection helpers only read the number and name (their tests build options without it).
 */
export type EmployeeOption = Omit<SearchedEmployee, 'cuti'> & Partial<Pick<SearchedEmployee, 'cuti'>>;

/** `GET employee/search`: status '' for active employees, 'not_active' for resigned ones. */
export const employeeSearchQuery = (search: string, resigned: boolean) =>
  queryOptions({
    queryKey: ['employee-search', resigned ? 'not_active' : '', search],
    queryFn: async () =>
      (
        await api.get('employee/search', {
          query: { filters: search, status: resigned ? 'not_active' : '' },
          errorPopup: false,
        })
      ).data ?? [],
    staleTime: 60_000,
  });

/** The search of `search` (nothing while it is blank); `fresh` refetches instead of reusing the cache. */
export function useEmployeeSearch(search: string, resigned: boolean, fresh = false) {
  return useQuery({
    ...employeeSearchQuery(search, resigned),
    enabled: search.trim() !== '',
    ...(fresh ? { staleTime: 0 } : {}),
  });
}

/**
 * The search text of an employee search box: `typed` as shown, `query` the text searched (trimmed,
 * debounced); `searchNow` searches the typed text without waiting (Enter).
 */
export function useEmployeeQuery(delay = EMPLOYEE_SEARCH_DEBOUNCE_MS) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), delay);
    return () => clearTimeout(timer);
  }, [typed, delay]);
  return { typed, setTyped, query, searchNow: () => setQuery(typed.trim()) };
}

/**
 * The keys of an employee search box and its list of result buttons (the results are buttons: Enter
 * and Space pick). Enter in the box runs the search now and never submits a surrounding form;
 * ArrowDown enters the results; in the results ArrowUp/ArrowDown/Home/End move, ArrowUp from the first
 * and Escape go back to the box (Escape does not close the dialog around it).
 */
export function useEmployeeSearchKeys(searchNow: () => void) {
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const results = () => [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      searchNow();
    } else if (event.key === 'ArrowDown') {
      const first = results()[0];
      if (first) {
        event.preventDefault();
        first.focus();
      }
    }
  };
  const onListKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const all = results();
    const index = all.indexOf(event.target as HTMLButtonElement);
    if (index < 0) return;
    const moveTo = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: all.length - 1 }[event.key as string];
    if (moveTo !== undefined) {
      event.preventDefault();
      if (moveTo < 0) inputRef.current?.focus();
      else all[Math.min(moveTo, all.length - 1)].focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      inputRef.current?.focus();
    }
  };
  return { inputRef: inputRef as RefObject<HTMLInputElement>, listRef, onInputKeyDown, onListKeyDown };
}

/** doc2 §5: the man power name is cut at 30 characters plus '...'. */
export function cutManPower(name: string): string {
  return name.length > 30 ? `${name.slice(0, 30)}...` : name;
}

export interface EmployeePickerProps {
  value: EmployeeOption[];
  onChange: (next: EmployeeOption[]) => void;
  /** Search resigned employees (status not_active) instead of active ones. */
  resigned?: boolean;
  /** The search box's label. */
  label: string;
  /** Extra props of the search box (a form's inline error: id, isInvalid, aria-describedby). */
  inputProps?: Partial<InvalidControlProps>;
}

export function EmployeePicker({ value, onChange, resigned = false, label, inputProps }: EmployeePickerProps) {
  const generatedId = useId();
  const inputId = inputProps?.id ?? generatedId;
  const { typed, setTyped, query, searchNow } = useEmployeeQuery();
  const keys = useEmployeeSearchKeys(searchNow);
  const search = useEmployeeSearch(query, resigned);
  const chosen = new Set(value.map((employee) => employee.hash_id));
  const options = (search.data ?? []).filter((employee) => !chosen.has(employee.hash_id));
  const pick = (employee: EmployeeOption) => {
    onChange([...value, employee]);
    // The picked result leaves the list: the box takes the focus for the next name.
    keys.inputRef.current?.focus();
  };

  return (
    <div>
      <Form.Label htmlFor={inputId}>{label}</Form.Label>
      <Form.Control
        id={inputId}
        type="search"
        value={typed}
        placeholder={text.placeholder}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={keys.onInputKeyDown}
        ref={keys.inputRef}
        autoComplete="off"
        {...inputProps}
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
            <ListGroup className="employee-picker-options" ref={keys.listRef} onKeyDown={keys.onListKeyDown}>
              {options.map((employee) => (
                <ListGroup.Item key={employee.hash_id} action type="button" onClick={() => pick(employee)}>
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
