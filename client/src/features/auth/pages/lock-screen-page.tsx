import { useId, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import Form from 'react-bootstrap/Form';
import { z } from 'zod';
import { PasswordInput } from '@/components/password-input';
import { SubmitButton } from '@/components/submit-button';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
import { ApiError } from '@/lib/api-client';
import { returnPath } from '@/lib/return-to';
import { clearSession, useSession } from '@/lib/session';
import { useSignIn } from '../api/sign-in';
import { AuthLayout } from '../components/auth-layout';
import { FormFailure } from '../components/form-failure';
import { passwordSchema } from '../components/schemas';
import { useAuthForm } from '../components/use-auth-form';

const schema = z.object({ password: passwordSchema });

export function LockScreenPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const signIn = useSignIn({ errorPopup: false });
  const { handleSubmit, field, setFocus } = useAuthForm(schema, { password: '' });
  // A refused unlock is said on the form (FormFailure), not in a popup.
  const [failure, setFailure] = useState<string | null>(null);
  const failureId = useId();

  if (!session.email) return <Navigate to={paths.login} replace />;
  const email = session.email;
  const fullname = session.profile?.fullname || session.profile?.username || email;
  const passwordField = field('password');

  const onSubmit = handleSubmit(({ password }) => {
    setFailure(null);
    signIn.mutate(
      { email, password, permanentData: session.remember },
      {
        onSuccess: () => navigate(returnPath(location.state), { replace: true }),
        // The email is known here: a refused sign-in means the password is wrong.
        onError: (error) => {
          setFailure(
            error instanceof ApiError && error.status === 401 ? t.auth.lock.wrongPassword : error.message || t.errors.network,
          );
          setFocus('password', { shouldSelect: true });
        },
      },
    );
  });

  return (
    <AuthLayout heading={t.auth.lock.heading} subheading={t.auth.lock.subheading}>
      <div className="d-flex align-items-center gap-3 mb-4">
        <span className="user-avatar user-avatar-lg" aria-hidden="true">
          {fullname.charAt(0).toUpperCase()}
        </span>
        <div>
          <p className="fw-semibold mb-0" data-testid="lock-fullname">
            {fullname}
          </p>
          <p className="text-muted small mb-0">{email}</p>
        </div>
      </div>
      <Form noValidate onSubmit={onSubmit}>
        <PasswordInput
          label={t.auth.passwordLabel}
          autoComplete="current-password"
          autoFocus
          {...passwordField}
          onChange={(event) => {
            setFailure(null);
            return passwordField.onChange(event);
          }}
          aria-describedby={failure ? failureId : undefined}
        />
        <FormFailure id={failureId} message={failure} />
        <SubmitButton loading={signIn.isPending} className="w-100 mb-3">
          {t.auth.lock.submit}
        </SubmitButton>
        <div className="text-center">
          <Link to={paths.login} onClick={() => clearSession()}>
            {t.auth.lock.otherAccount}
          </Link>
        </div>
      </Form>
    </AuthLayout>
  );
}
