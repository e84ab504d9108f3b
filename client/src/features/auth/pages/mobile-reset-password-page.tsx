import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { z } from 'zod';
import { PasswordInput } from '@/components/password-input';
import { SubmitButton } from '@/components/submit-button';
import { id as t } from '@/i18n/id';
import { showError, showSuccess } from '@/lib/notifications';
import { useConfirmMobileResetPassword } from '../api/confirm-mobile-reset-password';
import { AuthLayout } from '../components/auth-layout';
import { passwordSchema } from '../components/schemas';
import { useAuthForm } from '../components/use-auth-form';
import { isMobileDevice } from '../components/device';

const schema = z.object({ password: passwordSchema });

export function MobileResetPasswordPage() {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const code = params.get('code')?.trim() ?? '';
  const linkValid = Boolean(email && code);
  const reset = useConfirmMobileResetPassword();
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const { handleSubmit, field } = useAuthForm(schema, { password: '' });

  useEffect(() => {
    if (!linkValid) showError(t.errors.invalidResetLink);
  }, [linkValid]);

  const onSubmit = handleSubmit(({ password }) => {
    if (!linkValid) {
      showError(t.errors.invalidResetLink);
      return;
    }
    reset.mutate(
      { email, code, password },
      {
        onSuccess: (response) => {
          const message = response.message || t.auth.mobileReset.done;
          showSuccess(message);
          setDoneMessage(message);
          const deepLink = response.data?.deep_link;
          if (deepLink && isMobileDevice()) window.location.assign(deepLink);
        },
      },
    );
  });

  return (
    <AuthLayout heading={t.auth.mobileReset.heading} subheading={t.auth.mobileReset.subheading}>
      {doneMessage ? (
        <Alert variant="success" className="mb-0">
          {doneMessage}
        </Alert>
      ) : (
        <Form noValidate onSubmit={onSubmit}>
          <PasswordInput label={t.auth.newPasswordLabel} autoComplete="new-password" autoFocus {...field('password')} />
          <SubmitButton loading={reset.isPending} className="w-100">
            {t.auth.mobileReset.submit}
          </SubmitButton>
        </Form>
      )}
    </AuthLayout>
  );
}
