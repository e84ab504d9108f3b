import { useId } from 'react';
import BsForm from 'react-bootstrap/Form';
import { get, useController, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { id as t } from '@/i18n/id';
import type { AnnouncementTag } from '../api/types';
import { ALL_TAG } from '../api/types';
import { toggleTag } from './format';

export interface TagSelectFieldProps<Values extends FieldValues> {
  name: Path<Values>;
  label: string;
  hint?: string;
  tags: readonly AnnouncementTag[];
  required?: boolean;
}

/**
 * The announcement tags as a group of checkboxes bound to a string[] field. 'Semua' (all), or
 * every type, collapses the selection to just 'Semua' (doc1 §4). The form kit has no multi-select,
 * so this one lives with its only user.
 */
export function TagSelectField<Values extends FieldValues>({ name, label, hint, tags, required }: TagSelectFieldProps<Values>) {
  const base = useId();
  const { control, formState } = useFormContext<Values>();
  const { field } = useController({ name, control });
  const error = (get(formState.errors, name) as { message?: string } | undefined)?.message;
  const selected: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
  const types = tags.filter((tag) => tag.value !== ALL_TAG).map((tag) => tag.value);
  const describedBy = [error ? `${base}-error` : null, hint ? `${base}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    // A fieldset (role group) takes no aria-invalid/aria-required: the boxes say invalid, the legend says required.
    <fieldset className="mb-3" aria-describedby={describedBy}>
      <legend className="form-label fs-6 mb-1">
        {label}
        {required ? (
          <>
            <span className="text-danger ms-1" aria-hidden="true">
              *
            </span>
            <span className="visually-hidden"> ({t.form.requiredMark})</span>
          </>
        ) : null}
      </legend>
      <div className="d-flex flex-wrap gap-3">
        {tags.map((tag, index) => (
          <BsForm.Check
            key={tag.value}
            type="checkbox"
            id={`${base}-${tag.value}`}
            label={tag.label}
            checked={selected.includes(tag.value)}
            isInvalid={Boolean(error)}
            aria-invalid={Boolean(error)}
            ref={index === 0 ? field.ref : undefined}
            onBlur={field.onBlur}
            onChange={() => field.onChange(toggleTag(selected, tag.value, types))}
          />
        ))}
      </div>
      {hint ? (
        <BsForm.Text id={`${base}-hint`} muted className="d-block">
          {hint}
        </BsForm.Text>
      ) : null}
      {error ? (
        <div id={`${base}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
      <span className="visually-hidden" aria-live="polite">
        {selected.length > 0 ? selected.map((value) => tags.find((tag) => tag.value === value)?.label ?? value).join(', ') : ''}
      </span>
    </fieldset>
  );
}

