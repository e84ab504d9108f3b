import { api } from '@/lib/api-client';

export interface ChangePasswordInput {
  old_password: string;
  new_password: string;
  confirm_new_password: string;
}

export function changePassword(input: ChangePasswordInput) {
  return api.post('profile/change_password', input);
}
