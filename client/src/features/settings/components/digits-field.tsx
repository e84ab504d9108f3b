import { useId } from 'react';
import BsForm from 'react-bootstrap/Form';
import { get, useController, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { FieldLabel } from '@/components/form/fields';

/**
 * A whole number typed as digits only (doc3 §5, the pattern's day cycle): '.', 'e', signs and any
 * other non-digit never reach the value. The value is the digits as text ('' while empty).
 */
export function DigitsField<Values extends FieldValues>({
  name,
  label,
  required,
  maxLength = 3,
  className = 'mb-3',
}: {
  name: Path<Values>;
  label: string;
  required?: boolean;
  maxLength?: number;
  className?: string;
}) {
  const id = useId();
  const { control, formState } = useFormContext<Values>();
  const { field } = useController({ name, control });
  const error = (get(formState.errors, name) as { message?: string } | undefined)?.message;
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <BsForm.Control
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={maxLength}
        name={field.name}
        ref={field.ref}
        value={(field.value as string | undefined) ?? ''}
        disabled={field.disabled}
        onBlur={field.onBlur}
        onKeyDown={(event) => {
          if (['.', ',', 'e', 'E', '+', '-'].includes(event.key)) event.preventDefault();
        }}
        onChange={(event) => field.onChange(event.target.value.replace(/\D+/g, ''))}
        isInvalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-required={required || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </div>
  );
}
