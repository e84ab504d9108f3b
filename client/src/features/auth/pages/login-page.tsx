import { Link, useLocation, useNavigate } from 'react-router';
import Form from 'react-bootstrap/Form';
import { z } from 'zod';
import { PasswordInput } from '@/components/password-input';
import { SubmitButton } from '@/components/submit-button';
import { TextField } from '@/components/text-field';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
import { returnPath } from '@/lib/return-to';
import { useSignIn } from '../api/sign-in';
import { AuthLayout } from '../components/auth-layout';
import { useAuthForm } from '../components/use-auth-form';
import { emailSchema, passwordSchema } from '../components/schemas';

const schema = z.object({
  email: emailSchema,
  password: passwordSchema,
  remember: z.boolean(),
});

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn();
  const { register, handleSubmit, field } = useAuthForm(schema, { email: '', password: '', remember: false });

  const onSubmit = handleSubmit((values) => {
    signIn.mutate(
      { email: values.email, password: values.password, permanentData: values.remember },
      { onSuccess: () => navigate(returnPath(location.state), { replace: true }) },
    );
  });

  return (
    <AuthLayout heading={t.auth.login.heading} subheading={t.auth.login.subheading}>
      <Form noValidate onSubmit={onSubmit}>
        <TextField label={t.auth.emailLabel} type="email" autoComplete="username" autoFocus {...field('email')} />
        <PasswordInput label={t.auth.passwordLabel} autoComplete="current-password" {...field('password')} />
        <div className="d-flex justify-content-between align-items-center mb-4">
          <Form.Check id="login-remember" label={t.auth.login.remember} {...register('remember')} />
          <Link to={paths.forgotPassword}>{t.auth.login.forgot}</Link>
        </div>
        <SubmitButton loading={signIn.isPending} className="w-100">
          {t.auth.login.submit}
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
