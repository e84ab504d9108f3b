import { z } from 'zod';
import { id as t } from '@/i18n/id';
import { EMAIL } from './email';

export const emailSchema = z
  .string()
  .trim()
  .min(1, t.validation.emailRequired)
  .regex(EMAIL, t.validation.emailInvalid);

export const passwordSchema = z.string().min(1, t.validation.passwordRequired);

export const newPasswordSchema = passwordSchema.min(6, t.validation.passwordMin);
