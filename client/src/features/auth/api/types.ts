import type { UserAccess, UserProfile } from '@/lib/session';

export interface SignInData {
  token: string;
  user_access: UserAccess;
  profile: UserProfile;
}
