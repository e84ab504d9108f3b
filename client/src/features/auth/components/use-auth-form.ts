import { get, useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/**
 * The sign-in pages' form: react-hook-form checked by `schema`, and `field(name)`, the props that
 * bind a TextField or PasswordInput to `name` (its registration and its error message).
 */
export function useAuthForm<Values extends FieldValues>(schema: z.ZodType<Values, Values>, defaultValues: DefaultValues<Values>) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues });
  const field = (name: Path<Values>) => ({
    error: (get(form.formState.errors, name) as { message?: string } | undefined)?.message,
    ...form.register(name),
  });
  return { ...form, field };
}
