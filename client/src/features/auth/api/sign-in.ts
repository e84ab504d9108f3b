import { useMutation } from '@tanstack/react-query';
import { api, type CallOptions } from '@/lib/api-client';
import { saveSession } from '@/lib/session';

export interface SignInInput {
  email: string;
  password: string;
  permanentData: boolean;
}

export function signIn(input: SignInInput, options?: CallOptions) {
  return api.post('auth/', input, options);
}

/**
 * Sign in (also used by the lock screen) and keep the session where the remember flag says.
 * `errorPopup: false` leaves the failure message to the caller (the lock screen says 'Password salah.').
 */
export function useSignIn(options?: Pick<CallOptions, 'errorPopup'>) {
  return useMutation({
    mutationFn: (input: SignInInput) => signIn(input, options),
    onSuccess: (response, input) => {
      saveSession({
        token: response.data.token,
        profile: response.data.profile ?? {},
        access: response.data.user_access ?? {},
        email: input.email,
        remember: input.permanentData,
      });
    },
  });
}
