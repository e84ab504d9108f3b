import { useId, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import BsForm from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { get, useController, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { id as t } from '@/i18n/id';
import { DateInput } from '../date-input';
import { DateTimeInput, TimeInput } from '../date-time-input';
import { MonthInput } from '../month-input';

/**
 * Labelled fields bound by name to the surrounding `<Form>` (react-hook-form context).
 *
 * Every field: a visible `<label>` tied to its control, the error message (from the zod schema or
 * `applyServerErrors`) under it with aria-invalid + aria-describedby, an optional hint (also in
 * aria-describedby), and `required` marking the label and setting aria-required (the rule itself
 * lives in the schema). Fields are disabled with the rest of the form inside a disabled fieldset
 * (FormModal's view mode).
 */

export interface FieldProps<Values extends FieldValues> {
  name: Path<Values>;
  label: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Wrapper class; defaults to 'mb-3'. */
  className?: string;
}

function useFieldIds(name: string) {
  const base = useId();
  const { formState } = useFormContext();
  const error = get(formState.errors, name) as { message?: string } | undefined;
  return { controlId: `${base}-control`, errorId: `${base}-error`, hintId: `${base}-hint`, error: error?.message };
}

function describedBy(ids: { errorId: string; hintId: string }, error?: string, hint?: ReactNode): string | undefined {
  return [error ? ids.errorId : null, hint ? ids.hintId : null].filter(Boolean).join(' ') || undefined;
}

/** A field's label, with the required mark ('*') when `required`. */
export function FieldLabel({ htmlFor, label, required }: { htmlFor?: string; label: string; required?: boolean }) {
  return (
    <BsForm.Label htmlFor={htmlFor}>
      {label}
      {required ? (
        <span className="text-danger ms-1" title={t.form.requiredMark} aria-hidden="true">
          *
        </span>
      ) : null}
    </BsForm.Label>
  );
}

function FieldMessages({ ids, error, hint }: { ids: { errorId: string; hintId: string }; error?: string; hint?: ReactNode }) {
  return (
    <>
      {hint ? (
        <BsForm.Text id={ids.hintId} muted className="d-block">
          {hint}
        </BsForm.Text>
      ) : null}
      {error ? <FieldError id={ids.errorId} message={error} /> : null}
    </>
  );
}

/** A field's error message, under its control (the control names it in aria-describedby). */
export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <div id={id} className="invalid-feedback d-block">
      {message}
    </div>
  );
}

function controlA11y(ids: { errorId: string; hintId: string }, error?: string, hint?: ReactNode, required?: boolean) {
  return {
    'aria-invalid': Boolean(error),
    'aria-describedby': describedBy(ids, error, hint),
    'aria-required': required || undefined,
    isInvalid: Boolean(error),
  };
}

type FieldIds = { controlId: string; errorId: string; hintId: string };

/** The frame every labelled field shares: wrapper, label (with the required mark), control, hint and error. */
function FieldShell({
  ids,
  label,
  required,
  error,
  hint,
  className,
  children,
}: {
  ids: FieldIds;
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ?? 'mb-3'}>
      <FieldLabel htmlFor={ids.controlId} label={label} required={required} />
      {children}
      <FieldMessages ids={ids} error={error} hint={hint} />
    </div>
  );
}

export interface TextInputProps<Values extends FieldValues> extends FieldProps<Values> {
  type?: 'text' | 'email' | 'url' | 'tel' | 'search';
  placeholder?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  maxLength?: number;
  min?: string;
  max?: string;
  step?: number;
}

/** A one-line input; the value is the text as typed (times 'HH:mm'). */
export function TextInputField<Values extends FieldValues>({
  name,
  label,
  hint,
  required,
  disabled,
  className,
  type = 'text',
  ...input
}: TextInputProps<Values>) {
  const { register } = useFormContext<Values>();
  const { error, ...ids } = useFieldIds(name);
  return (
    <FieldShell ids={ids} label={label} required={required} error={error} hint={hint} className={className}>
      <BsForm.Control
        id={ids.controlId}
        type={type}
        disabled={disabled}
        {...input}
        {...controlA11y(ids, error, hint, required)}
        {...register(name)}
      />
    </FieldShell>
  );
}

export type TextFieldProps<Values extends FieldValues> = Omit<TextInputProps<Values>, 'type' | 'min' | 'max' | 'step'>;

export function TextField<Values extends FieldValues>(props: TextFieldProps<Values>) {
  return <TextInputField {...props} type="text" />;
}

export type DateFieldProps<Values extends FieldValues> = Omit<TextInputProps<Values>, 'type' | 'maxLength' | 'placeholder'>;

/**
 * The app's date input (`DateInput`: dd/mm/yyyy typed or picked, Indonesian calendar); the value is
 * 'YYYY-MM-DD' ('' while empty or not a date). Bound it with `min`/`max` in the same format.
 */
export function DateField<Values extends FieldValues>(props: DateFieldProps<Values>) {
  return <OwnInputField {...props} kind="date" />;
}

/**
 * The app's own inputs bound to the form (DESIGN §18: never the browser's date/month/time/
 * datetime-local, which follow the browser's language). `kind` picks DateInput ('YYYY-MM-DD'),
 * MonthInput ('YYYY-MM'), TimeInput ('HH:mm', 24 h) or DateTimeInput ('YYYY-MM-DDTHH:mm');
 * `min`/`max` in the same format.
 */
function OwnInputField<Values extends FieldValues>({
  kind,
  name,
  label,
  hint,
  required,
  disabled,
  className,
  min,
  max,
  autoFocus,
}: DateFieldProps<Values> & { kind: 'date' | 'month' | 'time' | 'datetime' }) {
  const { control } = useFormContext<Values>();
  const { field } = useController({ name, control });
  const { error, ...ids } = useFieldIds(name);
  const { isInvalid, ...a11y } = controlA11y(ids, error, hint, required);
  const common = {
    id: ids.controlId,
    name: field.name,
    value: typeof field.value === 'string' ? field.value : '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    disabled: disabled || field.disabled,
    isInvalid,
    'aria-describedby': a11y['aria-describedby'],
    'aria-required': a11y['aria-required'],
  };
  let input;
  if (kind === 'date') input = <DateInput {...common} inputRef={field.ref} min={min} max={max} autoFocus={autoFocus} />;
  else if (kind === 'month') input = <MonthInput {...common} inputRef={field.ref} min={min} max={max} />;
  else if (kind === 'time') input = <TimeInput {...common} inputRef={field.ref} />;
  else input = <DateTimeInput {...common} inputRef={field.ref} min={min} max={max} label={label} />;
  return (
    <FieldShell ids={ids} label={label} required={required} error={error} hint={hint} className={className}>
      {input}
    </FieldShell>
  );
}

/** 'HH:mm', typed in 24 hours whatever the browser's language (a stored 'HH:mm:ss' reads as HH:mm). */
export function TimeField<Values extends FieldValues>(props: DateFieldProps<Values>) {
  return <OwnInputField {...props} kind="time" />;
}

/** 'YYYY-MM' with Indonesian month names (MonthInput). */
export function MonthField<Values extends FieldValues>(props: DateFieldProps<Values>) {
  return <OwnInputField {...props} kind="month" />;
}

/** 'YYYY-MM-DDTHH:mm': the app's date input and a 24-hour time (DateTimeInput). */
export function DateTimeField<Values extends FieldValues>(props: DateFieldProps<Values>) {
  return <OwnInputField {...props} kind="datetime" />;
}

export interface NumberFieldProps<Values extends FieldValues> extends FieldProps<Values> {
  min?: number;
  max?: number;
  step?: number | 'any';
  placeholder?: string;
  autoFocus?: boolean;
}

/** A number input whose value is a number, or undefined while empty (so `requiredNumber` says so). */
export function NumberField<Values extends FieldValues>({
  name,
  label,
  hint,
  required,
  disabled,
  className,
  ...input
}: NumberFieldProps<Values>) {
  const { register } = useFormContext<Values>();
  const { error, ...ids } = useFieldIds(name);
  return (
    <FieldShell ids={ids} label={label} required={required} error={error} hint={hint} className={className}>
      <BsForm.Control
        id={ids.controlId}
        type="number"
        inputMode="decimal"
        disabled={disabled}
        {...input}
        {...controlA11y(ids, error, hint, required)}
        {...register(name, { setValueAs: (value: unknown) => (value === '' || value == null ? undefined : Number(value)) })}
      />
    </FieldShell>
  );
}

export interface PasswordFieldProps<Values extends FieldValues> extends FieldProps<Values> {
  autoComplete?: 'current-password' | 'new-password';
  autoFocus?: boolean;
}

/** A password with a show/hide toggle (named without "password", so labels stay unique). */
export function PasswordField<Values extends FieldValues>({
  name,
  label,
  hint,
  required,
  disabled,
  className,
  ...input
}: PasswordFieldProps<Values>) {
  const { register } = useFormContext<Values>();
  const { error, ...ids } = useFieldIds(name);
  const [visible, setVisible] = useState(false);
  const toggle = visible ? t.common.hideCharacters : t.common.showCharacters;
  return (
    <FieldShell ids={ids} label={label} required={required} error={error} hint={hint} className={className}>
      <InputGroup hasValidation>
        <BsForm.Control
          id={ids.controlId}
          type={visible ? 'text' : 'password'}
          disabled={disabled}
          {...input}
          {...controlA11y(ids, error, hint, required)}
          {...register(name)}
        />
        <Button
          variant="outline-secondary"
          type="button"
          aria-label={toggle}
          title={toggle}
          aria-pressed={visible}
          aria-controls={ids.controlId}
          disabled={disabled}
          onClick={() => setVisible((value) => !value)}
        >
          <i className={visible ? 'bi bi-eye-slash' : 'bi bi-eye'} aria-hidden="true" />
        </Button>
      </InputGroup>
    </FieldShell>
  );
}

export interface TextareaFieldProps<Values extends FieldValues> extends FieldProps<Values> {
  rows?: number;
  maxLength?: number;
  placeholder?: string;
}

export function TextareaField<Values extends FieldValues>({
  name,
  label,
  hint,
  required,
  disabled,
  className,
  rows = 3,
  ...input
}: TextareaFieldProps<Values>) {
  const { register } = useFormContext<Values>();
  const { error, ...ids } = useFieldIds(name);
  return (
    <FieldShell ids={ids} label={label} required={required} error={error} hint={hint} className={className}>
      <BsForm.Control
        as="textarea"
        id={ids.controlId}
        rows={rows}
        disabled={disabled}
        {...input}
        {...controlA11y(ids, error, hint, required)}
        {...register(name)}
      />
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps<Values extends FieldValues> extends FieldProps<Values> {
  options: readonly SelectOption[];
  /** The empty first option ('Pilih…'); pass null for none. */
  placeholder?: string | null;
}

/** A native select; the value is the chosen option's `value` ('' for the placeholder). */
export function SelectField<Values extends FieldValues>({
  name,
  label,
  hint,
  required,
  disabled,
  className,
  options,
  placeholder = t.form.chooseOption,
}: SelectFieldProps<Values>) {
  const { register } = useFormContext<Values>();
  const { error, ...ids } = useFieldIds(name);
  return (
    <FieldShell ids={ids} label={label} required={required} error={error} hint={hint} className={className}>
      <BsForm.Select id={ids.controlId} disabled={disabled} {...controlA11y(ids, error, hint, required)} {...register(name)}>
        {placeholder !== null ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </BsForm.Select>
    </FieldShell>
  );
}

export type CheckboxFieldProps<Values extends FieldValues> = FieldProps<Values>;

function CheckField<Values extends FieldValues>({
  name,
  label,
  hint,
  required,
  disabled,
  className,
  type,
}: FieldProps<Values> & { type: 'checkbox' | 'switch' }) {
  const { register } = useFormContext<Values>();
  const { error, ...ids } = useFieldIds(name);
  return (
    <div className={className ?? 'mb-3'}>
      <BsForm.Check
        type={type}
        id={ids.controlId}
        label={label}
        disabled={disabled}
        role={type === 'switch' ? 'switch' : undefined}
        {...controlA11y(ids, error, hint, required)}
        {...register(name)}
      />
      <FieldMessages ids={ids} error={error} hint={hint} />
    </div>
  );
}

/** A boolean checkbox. */
export function CheckboxField<Values extends FieldValues>(props: CheckboxFieldProps<Values>) {
  return <CheckField {...props} type="checkbox" />;
}

/** A boolean on/off switch (role="switch"). */
export function SwitchField<Values extends FieldValues>(props: CheckboxFieldProps<Values>) {
  return <CheckField {...props} type="switch" />;
}

export interface FileFieldProps<Values extends FieldValues> extends FieldProps<Values> {
  /** e.g. 'image/*,.pdf' */
  accept?: string;
}

/** One file; the value is a `File` or null. */
export function FileField<Values extends FieldValues>({
  name,
  label,
  hint,
  required,
  disabled,
  className,
  accept,
}: FileFieldProps<Values>) {
  const { control } = useFormContext<Values>();
  const { field } = useController({ name, control });
  const { error, ...ids } = useFieldIds(name);
  return (
    <FieldShell ids={ids} label={label} required={required} error={error} hint={hint} className={className}>
      <BsForm.Control
        id={ids.controlId}
        type="file"
        accept={accept}
        ref={field.ref}
        name={field.name}
        disabled={disabled || field.disabled}
        onBlur={field.onBlur}
        onChange={(event) => {
          const input = event.target as HTMLInputElement;
          field.onChange(input.files?.[0] ?? null);
        }}
        {...controlA11y(ids, error, hint, required)}
      />
    </FieldShell>
  );
}
