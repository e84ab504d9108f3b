import { Link, useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { z } from 'zod';
import { SubmitButton } from '@/components/submit-button';
import { TextField } from '@/components/text-field';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
import { showSuccess } from '@/lib/notifications';
import { resetEmailKey } from '@/lib/session';
import { useForgotPassword } from '../api/forgot-password';
import { AuthLayout } from '../components/auth-layout';
import { useAuthForm } from '../components/use-auth-form';
import { emailSchema } from '../components/schemas';

const schema = z.object({ email: emailSchema });

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const { handleSubmit, field } = useAuthForm(schema, { email: window.sessionStorage.getItem(resetEmailKey) ?? '' });

  const onSubmit = handleSubmit(({ email }) => {
    forgot.mutate(
      { email },
      {
        onSuccess: (response) => {
          window.sessionStorage.setItem(resetEmailKey, email);
          if (response.message) showSuccess(response.message);
          navigate(paths.resetPassword);
        },
      },
    );
  });

  return (
    <AuthLayout heading={t.auth.forgot.heading} subheading={t.auth.forgot.subheading}>
      <Form noValidate onSubmit={onSubmit}>
        <TextField label={t.auth.emailLabel} type="email" autoComplete="email" autoFocus {...field('email')} />
        <div className="d-flex gap-2 mb-3">
          <SubmitButton loading={forgot.isPending} className="flex-fill">
            {t.auth.forgot.submit}
          </SubmitButton>
          <Button variant="outline-secondary" className="flex-fill" onClick={() => navigate(paths.login)}>
            {t.auth.forgot.cancel}
          </Button>
        </div>
        <div className="text-center">
          <Link to={paths.resetPassword}>{t.auth.forgot.haveCode}</Link>
        </div>
      </Form>
    </AuthLayout>
  );
}
