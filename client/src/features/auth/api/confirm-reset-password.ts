import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type ConfirmResetInput = Schema<'ConfirmResetInputRequest'>;

export function confirmResetPassword(input: ConfirmResetInput) {
  return api.patch('auth/confirm_reset_password', {
    ...input,
    verification_code: input.verification_code.toUpperCase(),
  });
}

export function useConfirmResetPassword() {
  return useMutation({ mutationFn: confirmResetPassword });
}
