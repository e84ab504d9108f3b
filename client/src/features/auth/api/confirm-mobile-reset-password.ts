import { useMutation } from '@tanstack/react-query';
import { env } from '@/config/env';
import { mobileApi } from '@/lib/api-client';

export interface MobileResetInput {
  email: string;
  code: string;
  password: string;
}

/** The emailed-link reset for mobile users: the new password doubles as its confirmation. */
export function confirmMobileResetPassword({ email, code, password }: MobileResetInput) {
  return mobileApi.patch(
    'auth/confirm_reset_password',
    {
      email,
      verification_code: code.toUpperCase(),
      new_password: password,
      confirm_new_password: password,
    },
    { headers: { Version: env.mobileApiVersion } },
  );
}

export function useConfirmMobileResetPassword() {
  return useMutation({ mutationFn: confirmMobileResetPassword });
}
