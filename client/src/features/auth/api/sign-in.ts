import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveSession } from '@/lib/session';
import type { SignInData } from './types';

export interface SignInInput {
  email: string;
  password: string;
  permanentData: boolean;
}

export function signIn(input: SignInInput) {
  return api.post<SignInData>('auth/', input);
}

/** Sign in (also used by the lock screen) and keep the session where the remember flag says. */
export function useSignIn() {
  return useMutation({
    mutationFn: signIn,
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
