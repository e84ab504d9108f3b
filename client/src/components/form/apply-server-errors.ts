import type { FieldPath, FieldValues, UseFormGetValues, UseFormSetError } from 'react-hook-form';
import { id as t } from '@/i18n/id';
import { ApiError } from '@/lib/api-client';

/** Where a form keeps the message that belongs to no field (shown by `FormAlert`). */
export const FORM_ERROR = 'root.server' as const;

export interface ApplyServerErrorsOptions {
  /** Envelope key → form field, for servers that name a field differently from the form. */
  fieldMap?: Record<string, string>;
}

export interface AppliedServerErrors {
  /** Form fields that received a message, in the envelope's order. */
  fields: string[];
  /** The form-level message, or null when every message found its field. */
  formError: string | null;
}

function hasPath(values: unknown, path: string): boolean {
  let current: unknown = values;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object' || !(part in current)) return false;
    current = (current as Record<string, unknown>)[part];
  }
  return true;
}

/**
 * Puts a failed request's messages where the user looks: the envelope's `errors` (DESIGN §4,
 * `{field: [messages]}`) onto the form fields of the same name (the first one focused), everything
 * else (unknown keys, `non_field_errors`, a 409, a network failure, an error with no `errors`) into
 * the form-level message under `root.server`. The typed values stay as they are.
 */
export function applyServerErrors<Values extends FieldValues>(
  error: unknown,
  form: { setError: UseFormSetError<Values>; getValues: UseFormGetValues<Values> },
  options: ApplyServerErrorsOptions = {},
): AppliedServerErrors {
  const values = form.getValues();
  const fields: string[] = [];
  const rest: string[] = [];
  const envelopeErrors = error instanceof ApiError ? error.errors : {};

  for (const [key, messages] of Object.entries(envelopeErrors)) {
    const list = (Array.isArray(messages) ? messages : [messages]).map(String).filter(Boolean);
    if (list.length === 0) continue;
    const field = options.fieldMap?.[key] ?? key;
    if (hasPath(values, field)) {
      form.setError(
        field as FieldPath<Values>,
        { type: 'server', message: list.join(' ') },
        { shouldFocus: fields.length === 0 },
      );
      fields.push(field);
    } else {
      rest.push(...list);
    }
  }

  let formError: string | null = null;
  if (rest.length > 0) formError = rest.join(' ');
  else if (fields.length === 0) formError = error instanceof ApiError && error.message ? error.message : t.form.saveFailed;
  if (formError !== null) form.setError(FORM_ERROR, { type: 'server', message: formError });
  return { fields, formError };
}
