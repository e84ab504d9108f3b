import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AnswerData } from '@/lib/api-types';
import { updateAccess, updateProfile } from '@/lib/session';

export type ProfileData = AnswerData<'profile'>;

/** A right the user holds, in words (server `access/rights.py`). */
export type AccessRight = NonNullable<ProfileData['rights']>[number];

/** Fetches the signed-in profile and refreshes the stored copy (flags may have changed meanwhile). */
export async function getProfile(): Promise<ProfileData> {
  const response = await api.get('profile', { errorPopup: false });
  if (response.data?.profile) updateProfile(response.data.profile);
  if (response.data?.user_access) updateAccess(response.data.user_access);
  return response.data;
}

export const profileQuery = queryOptions({ queryKey: ['profile'], queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQuery);
}
