import { useQuery } from '@tanstack/react-query';
import { api, quiet, written, type WriteResult } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { getList, type ListPage, type ListParams } from '@/lib/list';

/**
 * The calls of the people and access screens (doc1 §7.4, doc3 §7.6-7.7). Each list's queries start
 * with its realtime topic, so an event on the topic (a write here or by another admin) refetches it.
 * Writes ask for no error popup when a form shows their messages.
 */

export const topics = {
  employees: 'employees',
  userLevels: 'user_levels',
  userLogins: 'user_logins',
} as const;

/* ------------------------------------------------------------------ employees */

export type EmployeeRow = Schema<'EmployeeListRow'>;

export type LeaveLedgerRow = Schema<'PeopleLeaveLedgerRow'>;

export type EmployeeDetail = Schema<'EmployeeDetailOutput'>;

export type PasswordReset = Schema<'PeopleEmployeePassword'>;

export type PersonaliaInput = Schema<'PersonaliaInputRequest'>;

export const employeeKeys = {
  all: [topics.employees] as const,
  detail: (hashId: string) => [topics.employees, 'detail', hashId] as const,
};

export const employeeApi = {
  list: (params: ListParams, signal?: AbortSignal): Promise<ListPage<EmployeeRow>> =>
    getList('employee/list', params, signal),
  detail: async (hashId: string, signal?: AbortSignal) =>
    (await api.get('employee/detail/{hash_id}', { path: { hash_id: hashId }, signal, errorPopup: false })).data,
  setAttendanceDisabled: async (number: string, disabled: boolean) =>
    api.patch('employee/set_attendance_disabled', { employee_number_formatted: number, disabled: disabled ? 1 : 0 }),
  setForceApproval: async (number: string, force: boolean) =>
    api.patch('employee/set_force_approval_permission', { employee_number_formatted: number, force: force ? 1 : 0 }),
  resetPassword: (number: string): Promise<WriteResult<PasswordReset>> =>
    written(api.patch('employee/set_employee_password', { employee_number_formatted: number })),
  /** Lifts the lock of the employee's app account after 10 failed sign-ins (a refusal shows in the error popup). */
  unlockMobile: (hashId: string): Promise<WriteResult> =>
    written(api.post('employee/{hash_id}/unlock_mobile', undefined, { path: { hash_id: hashId } })),
  setPersonalia: (input: PersonaliaInput): Promise<WriteResult> =>
    written(api.post('employee/set_personalia', input, quiet)),
};

/** One employee's record for the detail modal (`hashId` null: none open). */
export function useEmployeeDetail(hashId: string | null) {
  return useQuery({
    queryKey: employeeKeys.detail(hashId ?? ''),
    queryFn: ({ signal }) => employeeApi.detail(hashId ?? '', signal),
    enabled: hashId !== null,
  });
}

/* ------------------------------------------------------------------ user levels */

/**
 * The rights of a level or a login, flag by flag (the catalogue names them at run time, so the bodies
 * below are read as the schema's input with every flag).
 */
export type Flags = Record<string, 0 | 1>;

export type UserLevelRow = Schema<'UserLevelListRow'>;

export type UserLevelDetail = Schema<'UserLevelDetailOutput'>;

export type CatalogueChild = Schema<'PeopleFlagChild'>;

export type CatalogueFlag = Schema<'PeopleFlag'>;

export type CatalogueGroup = Schema<'PeopleFlagGroup'>;

export type LevelOption = Schema<'UserLoginLevelListOutput'>;

export const levelKeys = {
  all: [topics.userLevels] as const,
  catalogue: [topics.userLevels, 'catalogue'] as const,
  options: [topics.userLevels, 'options'] as const,
};

export const userLevelApi = {
  list: (params: ListParams, signal?: AbortSignal) => getList('user_level/list', params, signal),
  catalogue: async (signal?: AbortSignal) => (await api.get('user_level/catalogue', { signal })).data,
  detail: async (hashId: string) => (await api.get('user_level/detail/{hash_id}', { path: { hash_id: hashId } })).data,
  create: (name: string, flags: Flags): Promise<WriteResult> =>
    written(api.post('user_level', { name, ...flags } as Schema<'UserLevelInputRequest'>, quiet)),
  update: (hashId: string, name: string, flags: Flags): Promise<WriteResult> =>
    written(api.put('user_level', { id: hashId, name, ...flags } as Schema<'UserLevelUpdateInputRequest'>, quiet)),
  remove: (hashId: string): Promise<WriteResult> =>
    written(api.delete('user_level/{hash_id}', { path: { hash_id: hashId }, ...quiet })),
  /** The levels a login or a new personalia can take (id and name). */
  options: async (signal?: AbortSignal) => (await api.get('user_login/level_list', { signal })).data,
};

/** The levels a login or a new personalia can take, asked while `enabled`. */
export function useLevelOptions(enabled = true) {
  return useQuery({ queryKey: levelKeys.options, queryFn: ({ signal }) => userLevelApi.options(signal), enabled });
}

/** The flag catalogue a level's rights are chosen from (fixed while the app runs). */
export function useLevelCatalogue() {
  return useQuery({ queryKey: levelKeys.catalogue, queryFn: ({ signal }) => userLevelApi.catalogue(signal), staleTime: Infinity });
}

/* ------------------------------------------------------------------ user logins */

export type UserLoginRow = Schema<'UserLoginListRow'>;

export type UserLoginDetail = Schema<'UserLoginDetailOutput'>;

export interface UserLoginInput {
  id: string;
  username: string;
  is_active: 0 | 1;
  level_id: string;
}

export const loginKeys = { all: [topics.userLogins] as const };

export const userLoginApi = {
  list: (params: ListParams, signal?: AbortSignal) => getList('user_login/list', params, signal),
  detail: async (hashId: string) => (await api.get('user_login/detail/{hash_id}', { path: { hash_id: hashId } })).data,
  update: (input: UserLoginInput, rights: Flags): Promise<WriteResult> =>
    written(api.patch('user_login', { ...input, ...rights } as Schema<'PeopleUserLoginInputRequest'>, quiet)),
  remove: (hashId: string): Promise<WriteResult> =>
    written(api.delete('user_login/{hash_id}', { path: { hash_id: hashId } })),
  /** Lifts the sign-in lock of 10 failed sign-ins (a refusal shows in the error popup). */
  unlock: (hashId: string): Promise<WriteResult> =>
    written(api.post('user_login/{hash_id}/unlock', undefined, { path: { hash_id: hashId } })),
};
