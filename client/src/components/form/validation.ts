import { z } from 'zod';
import { id as t } from '@/i18n/id';

/**
 * zod pieces for the spec's messages (doc1 §5, doc3 §5). Each takes the exact Indonesian text the
 * spec gives for that field ('Nama harus diisi', 'Judul pengumuman wajib diisi', …);
 * `t.form.required(label)` builds the common '<label> harus diisi'.
 */

/** Trimmed text that must not be empty. */
export function requiredText(message: string, options: { max?: number; maxMessage?: string } = {}) {
  const text = z.string({ error: message }).trim().min(1, message);
  return options.max === undefined ? text : text.max(options.max, options.maxMessage ?? message);
}

/** Trimmed text that may be empty. */
export function optionalText(options: { max?: number; maxMessage?: string } = {}) {
  const text = z.string().trim();
  return options.max === undefined ? text : text.max(options.max, options.maxMessage);
}

/** A number (NumberField gives undefined while empty); `min` with its own message when given. */
export function requiredNumber(message: string, options: { min?: number; minMessage?: string } = {}) {
  const number = z.number({ error: message });
  return options.min === undefined ? number : number.min(options.min, options.minMessage ?? message);
}

/** A select's value: one of `values`, the placeholder ('') reported as `message`. */
export function requiredChoice<const Choice extends string>(values: readonly [Choice, ...Choice[]], message: string) {
  return z.enum(values, { error: message });
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2})?$/;

/** 'YYYY-MM-DD' from a DateField. */
export function requiredDate(message: string) {
  return z.string({ error: message }).regex(DATE, message);
}

/** 'HH:mm' or 'HH:mm:ss' from a TimeField. */
export function requiredTime(message: string) {
  return z.string({ error: message }).regex(TIME, message);
}

/** A File from a FileField. */
export function requiredFile(message: string) {
  return z.instanceof(File, { message });
}

/** doc1 §5: 'Password harus diisi', then 'Password setidaknya memiliki 6 karakter'. */
export const PASSWORD_MIN_LENGTH = 6;

export function passwordWithMinimum(requiredMessage: string, minMessage: string = t.validation.passwordMin) {
  return z.string().min(1, requiredMessage).min(PASSWORD_MIN_LENGTH, minMessage);
}
