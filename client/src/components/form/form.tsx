import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import { FormProvider, useFormContext, useFormState, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { SubmitButton, type SubmitButtonProps } from '@/components/submit-button';
import { id as t } from '@/i18n/id';
import { ApiError, withInlineErrors } from '@/lib/api-client';
import { useUnsavedInput } from '@/lib/build-version';
import { showError } from '@/lib/notifications';
import { applyServerErrors, type ApplyServerErrorsOptions } from './apply-server-errors';
import { useReportUnsaved } from './close-guard';

/**
 * A `<form>` around a react-hook-form instance (`useForm({ resolver: zodResolver(schema) })`).
 *
 * Validation messages show after the first submit attempt (doc1 §4) and then follow the typing.
 * `onSubmit` receives the parsed values and returns the request's promise: while it runs the form is
 * submitting (FormSubmitButton spins and cannot be pressed twice); when it rejects, the fields keep
 * what was typed and:
 * - an answer about the input (400/404/409/422) goes through `applyServerErrors`: each message on
 *   its named field (aria-invalid, aria-describedby, the first one focused), the rest in FormAlert;
 *   its requests raise no popup (`withInlineErrors`);
 * - a real failure (no connection, 5xx, 403) is the centred popup, once.
 */
export interface FormProps<Input extends FieldValues, Output = Input> {
  form: UseFormReturn<Input, unknown, Output>;
  onSubmit: (values: Output) => Promise<unknown> | void;
  children: ReactNode;
  serverErrors?: ApplyServerErrorsOptions;
  id?: string;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}

export function Form<Input extends FieldValues, Output = Input>({
  form,
  onSubmit,
  children,
  serverErrors,
  ...props
}: FormProps<Input, Output>) {
  const submit = form.handleSubmit(async (values) => {
    try {
      await withInlineErrors(async () => onSubmit(values));
    } catch (error) {
      if (error instanceof ApiError && error.isRealFailure) {
        if (!error.popupShown) showError(error.message || t.errors.generic);
        return;
      }
      applyServerErrors(error, form, serverErrors);
    }
  });
  return (
    <FormProvider {...form}>
      <UnsavedInput />
      <form noValidate onSubmit={(event) => void submit(event)} {...props}>
        {children}
      </form>
    </FormProvider>
  );
}

/**
 * Tells lib/build-version that this form holds unsaved input (a new client build waits for it), and
 * the surrounding GuardedModal (closing asks first).
 */
function UnsavedInput() {
  const { control } = useFormContext();
  const { isDirty } = useFormState({ control });
  useUnsavedInput(isDirty);
  useReportUnsaved(isDirty);
  return null;
}

/** The form-level message (`root.server`): what a failed save said that belongs to no field. */
export function FormAlert({ className = 'mb-3' }: { className?: string }) {
  const { control } = useFormContext();
  const { errors } = useFormState({ control });
  const message = errors.root?.server?.message;
  if (!message) return null;
  return (
    <Alert variant="danger" className={className} role="alert">
      {message}
    </Alert>
  );
}

/** Submit button of the surrounding Form: spins while the submit runs. */
export function FormSubmitButton({ loading, ...props }: Omit<SubmitButtonProps, 'loading'> & { loading?: boolean }) {
  const { control } = useFormContext();
  const { isSubmitting } = useFormState({ control });
  return <SubmitButton loading={Boolean(loading) || isSubmitting} {...props} />;
}
