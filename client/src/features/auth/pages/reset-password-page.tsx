import { Controller } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import Form from 'react-bootstrap/Form';
import { z } from 'zod';
import { CODE_LENGTH, CodeInput } from '@/components/code-input';
import { PasswordInput } from '@/components/password-input';
import { SubmitButton } from '@/components/submit-button';
import { TextField } from '@/components/text-field';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
import { showSuccess } from '@/lib/notifications';
import { resetEmailKey } from '@/lib/session';
import { useConfirmResetPassword } from '../api/confirm-reset-password';
import { AuthLayout } from '../components/auth-layout';
import { useAuthForm } from '../components/use-auth-form';
import { emailSchema, newPasswordSchema } from '../components/schemas';

const schema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    repeat: z.string(),
    code: z.string().length(CODE_LENGTH, t.validation.codeRequired),
  })
  .refine((values) => values.repeat === values.password, {
    path: ['repeat'],
    message: t.validation.passwordMismatch,
  });

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const confirm = useConfirmResetPassword();
  const storedEmail = window.sessionStorage.getItem(resetEmailKey) ?? '';
  const { control, handleSubmit, formState, field } = useAuthForm(schema, { email: storedEmail, password: '', repeat: '', code: '' });

  const onSubmit = handleSubmit((values) => {
    confirm.mutate(
      {
        email: values.email,
        verification_code: values.code,
        new_password: values.password,
        confirm_new_password: values.repeat,
      },
      {
        onSuccess: (response) => {
          window.sessionStorage.removeItem(resetEmailKey);
          if (response.message) showSuccess(response.message);
          navigate(paths.login, { replace: true });
        },
      },
    );
  });

  return (
    <AuthLayout heading={t.auth.reset.heading} subheading={t.auth.reset.subheading}>
      <Form noValidate onSubmit={onSubmit}>
        <TextField label={t.auth.emailLabel} type="email" autoComplete="username" autoFocus={!storedEmail} {...field('email')} />
        <PasswordInput
          label={t.auth.newPasswordLabel}
          autoComplete="new-password"
          autoFocus={Boolean(storedEmail)}
          {...field('password')}
        />
        <PasswordInput label={t.auth.repeatPasswordLabel} autoComplete="new-password" {...field('repeat')} />
        <Controller
          control={control}
          name="code"
          render={({ field }) => (
            <CodeInput
              legend={t.auth.reset.codeLegend}
              value={field.value}
              onChange={field.onChange}
              error={formState.errors.code?.message}
            />
          )}
        />
        <SubmitButton loading={confirm.isPending} className="w-100 mb-3">
          {t.auth.reset.submit}
        </SubmitButton>
        <div className="text-center">
          <Link to={paths.login}>{t.auth.reset.backToLogin}</Link>
        </div>
      </Form>
    </AuthLayout>
  );
}
