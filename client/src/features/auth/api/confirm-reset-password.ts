import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ConfirmResetInput {
  email: string;
  verification_code: string;
  new_password: string;
  confirm_new_password: string;
}

export function confirmResetPassword(input: ConfirmResetInput) {
  return api.patch<null>('auth/confirm_reset_password', {
    ...input,
    verification_code: input.verification_code.toUpperCase(),
  });
}

export function useConfirmResetPassword() {
  return useMutation({ mutationFn: confirmResetPassword });
}
