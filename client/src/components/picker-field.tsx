import { useEffect, useId, useLayoutEffect, useRef, useState, type ComponentType, type InputHTMLAttributes, type ReactNode, type Ref, type RefObject } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import './date-input.css';

/**
 * What the app's typed fields share (DESIGN §18): DateInput, MonthInput and TimeInput are text inputs
 * in place of the browser's own (which follow the browser's language). People type the value as text;
 * `value`/`onChange` carry the API's format ('' while empty or not a value). DateInput and MonthInput
 * add a picker dialog beside the text (PickerField).
 */

/** The props every typed field takes. */
export interface TypedFieldProps {
  value: string;
  onChange: (value: string) => void;
  id?: string;
  name?: string;
  disabled?: boolean;
  size?: 'sm' | 'lg';
  className?: string;
  isInvalid?: boolean;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/** A typed field with bounds, in its API format (a date's 'YYYY-MM-DD', a month's 'YYYY-MM'). */
export interface BoundedFieldProps extends TypedFieldProps {
  min?: string;
  max?: string;
}

/**
 * A typed field's text and its problem (`noProblem` while there is none). A value set from outside (a
 * reset, a clamp) rewrites the text as `format(value)` and clears the problem; a partly typed text that
 * `agrees` with the value stays as typed. `take(next)` takes a whole value (a pick): its text, no
 * problem, and `onChange` when it is another value.
 */
export function useTypedText<Problem>(
  value: string,
  onChange: (value: string) => void,
  format: (value: string) => string,
  agrees: (text: string, value: string) => boolean,
  noProblem: Problem,
) {
  const [text, setText] = useState(() => format(value));
  const [shownValue, setShownValue] = useState(value);
  const [problem, setProblem] = useState<Problem>(noProblem);
  if (value !== shownValue) {
    setShownValue(value);
    if (!agrees(text, value)) {
      setText(format(value));
      setProblem(noProblem);
    }
  }
  const take = (next: string) => {
    setText(format(next));
    setProblem(noProblem);
    if (next !== value) onChange(next);
  };
  return { text, setText, problem, setProblem, take };
}

/** The field's aria-describedby: the caller's own ids, and the problem's while one shows. */
export function describedWithProblem(describedBy: string | undefined, problemId: string, showing: boolean): string | undefined {
  return [describedBy, showing ? problemId : null].filter(Boolean).join(' ') || undefined;
}

/** The line under a typed field that says what is wrong with the text (nothing while `message` is empty). */
export function FieldProblem({ id, message }: { id: string; message: string | null }) {
  return message ? (
    <div id={id} className="invalid-feedback d-block">
      {message}
    </div>
  ) : null;
}

/** Where a picker's dialog stands: its id, the field it is placed under, and how it closes. */
export interface PickerPlace {
  id: string;
  anchor: RefObject<HTMLDivElement | null>;
  onClose: (refocus: boolean) => void;
}

/** What a picker's dialog gets from its field: its place, the value and its bounds, and the pick. */
export interface PickerPanelProps {
  place: PickerPlace;
  value: string;
  min?: string;
  max?: string;
  /** A pick: the field takes the value, the dialog closes and focus returns to the toggle. */
  onPick: (value: string) => void;
}

export interface PickerFieldProps extends Omit<BoundedFieldProps, 'onChange' | 'onBlur'> {
  /** The wrapper's own classes ('date-input', …). */
  fieldClassName: string;
  text: string;
  placeholder: string;
  /** The toggle's accessible name. */
  toggleLabel: string;
  /** What is wrong with the text, or null. */
  problem: string | null;
  /** More attributes of the text input (inputMode, maxLength, data-value, autoFocus). */
  inputProps?: Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'maxLength' | 'autoFocus'> & { 'data-value'?: string };
  onType: (text: string) => void;
  onLeave: () => void;
  /** A value picked in the dialog (before it closes): `take` of useTypedText. */
  onPick: (value: string) => void;
  /** The dialog, shown while it is open. */
  panel: ComponentType<PickerPanelProps>;
}

/**
 * A typed field with a picker: the text input (`data-min`/`data-max` carry the bounds, a text input has
 * none of its own), the toggle button beside it (Alt+ArrowDown in the text opens it too), the problem
 * line and the dialog.
 */
export function PickerField({
  fieldClassName,
  text,
  placeholder,
  toggleLabel,
  problem,
  inputProps,
  onType,
  onLeave,
  onPick,
  panel: Panel,
  value,
  min,
  max,
  id,
  name,
  disabled,
  size,
  className,
  isInvalid,
  inputRef,
  'aria-label': ariaLabel,
  'aria-describedby': describedBy,
  'aria-required': ariaRequired,
}: PickerFieldProps) {
  const baseId = useId();
  const dialogId = `${baseId}-picker`;
  const problemId = `${baseId}-invalid`;
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const invalid = Boolean(isInvalid) || problem !== null;
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) toggle.current?.focus();
  };

  return (
    <div ref={wrapper} className={[fieldClassName, className].filter(Boolean).join(' ')}>
      <InputGroup size={size} hasValidation>
        <Form.Control
          {...inputProps}
          ref={inputRef}
          id={id ?? `${baseId}-input`}
          name={name}
          type="text"
          autoComplete="off"
          placeholder={placeholder}
          data-min={min}
          data-max={max}
          value={text}
          disabled={disabled}
          isInvalid={invalid}
          aria-invalid={invalid}
          aria-label={ariaLabel}
          aria-describedby={describedWithProblem(describedBy, problemId, problem !== null)}
          aria-required={ariaRequired || undefined}
          onChange={(event) => onType(event.target.value)}
          onBlur={onLeave}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && event.altKey) {
              event.preventDefault();
              setOpen(true);
            }
          }}
        />
        <Button
          ref={toggle}
          variant="outline-secondary"
          className="date-input-toggle"
          disabled={disabled}
          aria-label={toggleLabel}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? dialogId : undefined}
          onClick={() => setOpen((current) => !current)}
        >
          <i className="bi bi-calendar3" aria-hidden="true" />
        </Button>
      </InputGroup>
      <FieldProblem id={problemId} message={problem} />
      {open ? (
        <Panel
          place={{ id: dialogId, anchor: wrapper, onClose: close }}
          value={value}
          min={min}
          max={max}
          onPick={(picked) => {
            onPick(picked);
            close(true);
          }}
        />
      ) : null}
    </div>
  );
}


/**
 * A picker's non-modal dialog, fixed-positioned under its input (above it when there is no room), so
 * a scrolling table or a modal does not clip it. Escape closes it and returns focus to the toggle
 * (`onClose(true)`); a click outside or focus leaving closes it quietly (`onClose(false)`).
 */
export function PickerDialog({
  place: { id, anchor, onClose },
  dialogRef,
  width,
  height,
  labelledBy,
  label,
  children,
}: {
  place: PickerPlace;
  dialogRef?: Ref<HTMLDivElement>;
  width: number;
  height: number;
  labelledBy?: string;
  label?: string;
  children: ReactNode;
}) {
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);

  useLayoutEffect(() => {
    const place = () => {
      const rect = anchor.current?.getBoundingClientRect();
      if (!rect) return;
      const below = rect.bottom + 4;
      const top = below + height > window.innerHeight && rect.top > height ? rect.top - height - 4 : below;
      const left = Math.max(8, Math.min(rect.left, window.innerWidth - width - 8));
      setPosition({ top, left });
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [anchor, width, height]);

  useEffect(() => {
    const outside = (event: MouseEvent) => {
      if (!anchor.current?.contains(event.target as Node)) onClose(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [anchor, onClose]);

  return (
    <div
      ref={dialogRef}
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={labelledBy}
      aria-label={label}
      className="date-input-calendar shadow"
      style={position ? { top: position.top, left: position.left, width } : { visibility: 'hidden' }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onClose(true);
        }
      }}
      onBlur={(event) => {
        if (!anchor.current?.contains(event.relatedTarget as Node | null)) onClose(false);
      }}
    >
      {children}
    </div>
  );
}

interface PickerStep {
  label: string;
  disabled: boolean;
  onClick: () => void;
}

/** A picker's header: previous, the title (announced as it changes), next. */
export function PickerHeader({ titleId, previous, next, children }: { titleId: string; previous: PickerStep; next: PickerStep; children: ReactNode }) {
  return (
    <div className="d-flex align-items-center justify-content-between mb-2">
      <Button variant="link" size="sm" className="date-input-nav" aria-label={previous.label} disabled={previous.disabled} onClick={previous.onClick}>
        <i className="bi bi-chevron-left" aria-hidden="true" />
      </Button>
      <div id={titleId} className="date-input-title" aria-live="polite">
        {children}
      </div>
      <Button variant="link" size="sm" className="date-input-nav" aria-label={next.label} disabled={next.disabled} onClick={next.onClick}>
        <i className="bi bi-chevron-right" aria-hidden="true" />
      </Button>
    </div>
  );
}
