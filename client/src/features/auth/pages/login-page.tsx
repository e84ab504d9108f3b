import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import Form from 'react-bootstrap/Form';
import { PasswordInput } from '@/components/password-input';
import { SubmitButton } from '@/components/submit-button';
import { TextField } from '@/components/text-field';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
import { ApiError } from '@/lib/api-client';
import { returnPath } from '@/lib/return-to';
import { useSignIn } from '../api/sign-in';
import { AuthLayout } from '../components/auth-layout';
import { EMAIL } from '../components/email';
import { FormFailure } from '../components/form-failure';

interface LoginValues {
  email: string;
  password: string;
  remember: boolean;
}

/**
 * The rules of emailSchema and passwordSchema (components/schemas.ts), checked without zod and
 * react-hook-form: the first page of every visit carries no form library (issue 5/7, about 38 KB gzip).
 */
function check({ email, password }: LoginValues): { email?: string; password?: string } {
  const address = email.trim();
  return {
    email: !address ? t.validation.emailRequired : EMAIL.test(address) ? undefined : t.validation.emailInvalid,
    password: password ? undefined : t.validation.passwordRequired,
  };
}

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // A refusal (wrong password, a locked account, no connection) is said on the form, not in a popup.
  const signIn = useSignIn({ errorPopup: false });
  const [failure, setFailure] = useState<string | null>(null);
  const failureId = useId();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '', remember: false });
  // The messages show from the first submit on, and follow the fields as they change after it.
  const [submitted, setSubmitted] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const errors = submitted ? check(values) : {};
  const change = (update: Partial<LoginValues>) => {
    setValues((current) => ({ ...current, ...update }));
    if (update.email !== undefined || update.password !== undefined) setFailure(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    const found = check(values);
    if (found.email || found.password) {
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    signIn.mutate(
      { email: values.email.trim(), password: values.password, permanentData: values.remember },
      {
        onSuccess: () => navigate(returnPath(location.state), { replace: true }),
        onError: (error) => {
          // The server's message (its envelope's, in Indonesian), read with the password field, which
          // takes the focus with its text selected for the next try.
          setFailure(error instanceof ApiError && error.message ? error.message : t.errors.network);
          passwordRef.current?.focus();
          passwordRef.current?.select();
        },
      },
    );
  };

  return (
    <AuthLayout heading={t.auth.login.heading} subheading={t.auth.login.subheading}>
      <Form noValidate onSubmit={onSubmit}>
        <TextField
          label={t.auth.emailLabel}
          type="email"
          name="email"
          autoComplete="username"
          autoFocus
          ref={emailRef}
          value={values.email}
          onChange={(event) => change({ email: event.target.value })}
          error={errors.email}
          aria-describedby={failure ? failureId : undefined}
        />
        <PasswordInput
          label={t.auth.passwordLabel}
          name="password"
          autoComplete="current-password"
          ref={passwordRef}
          value={values.password}
          onChange={(event) => change({ password: event.target.value })}
          error={errors.password}
          aria-describedby={failure ? failureId : undefined}
        />
        <div className="d-flex justify-content-between align-items-center mb-4">
          <Form.Check
            id="login-remember"
            name="remember"
            label={t.auth.login.remember}
            checked={values.remember}
            onChange={(event) => change({ remember: event.target.checked })}
          />
          <Link to={paths.forgotPassword}>{t.auth.login.forgot}</Link>
        </div>
        <FormFailure id={failureId} message={failure} />
        <SubmitButton loading={signIn.isPending} className="w-100">
          {t.auth.login.submit}
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
