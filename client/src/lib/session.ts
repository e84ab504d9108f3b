import { useSyncExternalStore } from 'react';
import { listenerSet } from './listeners';

export const sessionKeys = {
  token: 'token',
  profile: 'userProfile',
  access: 'userAccess',
  email: 'userEmail',
  remember: 'permanentData',
} as const;

export const resetEmailKey = 'resetPasswordEmail';

export type UserAccess = Record<string, unknown>;

export interface UserProfile {
  hash_id?: string;
  fullname?: string;
  username?: string;
  email?: string;
  level_name?: string;
  [key: string]: unknown;
}

export interface SessionSnapshot {
  token: string | null;
  profile: UserProfile | null;
  access: UserAccess;
  email: string | null;
  remember: boolean;
  /** Set by lockSession in this tab until the next sign-in or logout (memory only). */
  locked: boolean;
  /** Set by a deliberate Log Out in this tab until the next sign-in (memory only). */
  loggedOut: boolean;
}

export interface NewSession {
  token: string;
  profile: UserProfile;
  access: UserAccess;
  email: string;
  remember: boolean;
}

const REMEMBERED = 'true';

function storages(): Storage[] {
  return [window.localStorage, window.sessionStorage];
}

/** The storage that holds the current session: local when remember-me was set, else session. */
function holder(): Storage {
  return window.localStorage.getItem(sessionKeys.remember) === REMEMBERED
    ? window.localStorage
    : window.sessionStorage;
}

function readJson<T>(raw: string | null): T | null {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

function read(): SessionSnapshot {
  const store = holder();
  const access = readJson<UserAccess>(store.getItem(sessionKeys.access));
  return {
    token: store.getItem(sessionKeys.token),
    profile: readJson<UserProfile>(store.getItem(sessionKeys.profile)),
    access: access && typeof access === 'object' ? access : {},
    email: store.getItem(sessionKeys.email),
    remember: store === window.localStorage,
    locked: lockedInThisTab,
    loggedOut: loggedOutInThisTab,
  };
}

let lockedInThisTab = false;
let loggedOutInThisTab = false;
let snapshot: SessionSnapshot | null = null;
const listeners = listenerSet();

function changed(): void {
  snapshot = read();
  listeners.notify();
}

export function getSession(): SessionSnapshot {
  if (snapshot === null) snapshot = read();
  return snapshot;
}

export function getToken(): string | null {
  return getSession().token;
}

export function isSignedIn(): boolean {
  return Boolean(getToken());
}

export const subscribeSession = listeners.subscribe;

export function saveSession(session: NewSession): void {
  lockedInThisTab = false;
  loggedOutInThisTab = false;
  clearKeys();
  const store = session.remember ? window.localStorage : window.sessionStorage;
  store.setItem(sessionKeys.token, session.token);
  store.setItem(sessionKeys.profile, JSON.stringify(session.profile));
  store.setItem(sessionKeys.access, JSON.stringify(session.access));
  store.setItem(sessionKeys.email, session.email);
  store.setItem(sessionKeys.remember, session.remember ? REMEMBERED : 'false');
  changed();
}

export function updateAccess(access: UserAccess): void {
  holder().setItem(sessionKeys.access, JSON.stringify(access));
  changed();
}

export function updateProfile(profile: UserProfile): void {
  holder().setItem(sessionKeys.profile, JSON.stringify(profile));
  changed();
}

function clearKeys(): void {
  for (const store of storages()) {
    for (const key of Object.values(sessionKeys)) store.removeItem(key);
  }
}

/**
 * Log out: every session key leaves whichever storage holds it. `deliberate` (the user's own Log
 * Out) means the next sign-in starts at the dashboard, not at the page left.
 */
export function clearSession(options: { deliberate?: boolean } = {}): void {
  lockedInThisTab = false;
  if (options.deliberate) loggedOutInThisTab = true;
  clearKeys();
  changed();
}

/**
 * Log Out has begun: the server's 'revoked' push may clear the session before the logout request
 * answers, and that clearing is part of the deliberate Log Out too.
 */
export function beginLogout(): void {
  loggedOutInThisTab = true;
}

/** Lock: only the token goes; the profile, email and remember marker stay for the lock screen. */
export function lockSession(): void {
  lockedInThisTab = true;
  for (const store of storages()) store.removeItem(sessionKeys.token);
  changed();
}

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || (Object.values(sessionKeys) as string[]).includes(event.key)) changed();
  });
}
