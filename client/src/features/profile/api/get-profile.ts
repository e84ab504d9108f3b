import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { updateAccess, updateProfile, type UserAccess, type UserProfile } from '@/lib/session';

export interface ProfileData {
  profile: UserProfile;
  user_access: UserAccess;
}

/** Fetches the signed-in profile and refreshes the stored copy (flags may have changed meanwhile). */
export async function getProfile(): Promise<ProfileData> {
  const response = await api.get<ProfileData>('profile', { errorPopup: false });
  if (response.data?.profile) updateProfile(response.data.profile);
  if (response.data?.user_access) updateAccess(response.data.user_access);
  return response.data;
}

export const profileQuery = queryOptions({ queryKey: ['profile'], queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQuery);
}
