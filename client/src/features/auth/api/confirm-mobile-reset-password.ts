import { useMutation } from '@tanstack/react-query';
import { env } from '@/config/env';
import { api } from '@/lib/api-client';

export interface MobileResetInput {
  email: string;
  code: string;
  password: string;
}

/** The emailed-link reset for mobile users: the new password doubles as its confirmation. */
export function confirmMobileResetPassword({ email, code, password }: MobileResetInput) {
  return api.patch<{ deep_link?: string | null } | null>(
    'auth/confirm_reset_password',
    {
      email,
      verification_code: code.toUpperCase(),
      new_password: password,
      confirm_new_password: password,
    },
    { base: 'mobile', headers: { Version: env.mobileApiVersion } },
  );
}

export function useConfirmMobileResetPassword() {
  return useMutation({ mutationFn: confirmMobileResetPassword });
}
