import { describe, expect, it } from 'vitest';
import {
  clearSession,
  getSession,
  lockSession,
  saveSession,
  sessionKeys,
  updateAccess,
  type NewSession,
} from '../session';

const session = (remember: boolean): NewSession => ({
  token: 'tok-123',
  profile: { fullname: 'Ani Wijaya', email: 'ani@example.com' },
  access: { allow_employee: 1 },
  email: 'ani@example.com',
  remember,
});

describe('session storage', () => {
  it('keeps a remembered session in localStorage only', () => {
    saveSession(session(true));
    expect(localStorage.getItem(sessionKeys.token)).toBe('tok-123');
    expect(JSON.parse(localStorage.getItem(sessionKeys.profile)!)).toEqual({
      fullname: 'Ani Wijaya',
      email: 'ani@example.com',
    });
    expect(JSON.parse(localStorage.getItem(sessionKeys.access)!)).toEqual({ allow_employee: 1 });
    expect(localStorage.getItem(sessionKeys.email)).toBe('ani@example.com');
    expect(localStorage.getItem(sessionKeys.remember)).toBe('true');
    expect(sessionStorage.getItem(sessionKeys.token)).toBeNull();
    expect(getSession()).toMatchObject({ token: 'tok-123', remember: true, email: 'ani@example.com' });
  });

  it('keeps a session without remember-me in sessionStorage only', () => {
    saveSession(session(false));
    expect(sessionStorage.getItem(sessionKeys.token)).toBe('tok-123');
    expect(sessionStorage.getItem(sessionKeys.email)).toBe('ani@example.com');
    expect(localStorage.getItem(sessionKeys.token)).toBeNull();
    expect(localStorage.getItem(sessionKeys.profile)).toBeNull();
    expect(getSession()).toMatchObject({ token: 'tok-123', remember: false });
  });

  it('moves the session when the remember choice changes between sign-ins', () => {
    saveSession(session(true));
    saveSession({ ...session(false), token: 'tok-456' });
    expect(localStorage.getItem(sessionKeys.token)).toBeNull();
    expect(localStorage.getItem(sessionKeys.remember)).toBeNull();
    expect(sessionStorage.getItem(sessionKeys.token)).toBe('tok-456');
    expect(getSession().token).toBe('tok-456');
  });

  it('logout clears every key from both storages', () => {
    saveSession(session(true));
    sessionStorage.setItem(sessionKeys.token, 'stale');
    sessionStorage.setItem(sessionKeys.profile, '{}');
    clearSession();
    for (const key of Object.values(sessionKeys)) {
      expect(localStorage.getItem(key)).toBeNull();
      expect(sessionStorage.getItem(key)).toBeNull();
    }
    expect(getSession()).toMatchObject({ token: null, profile: null, email: null, access: {} });
  });

  it('lock removes only the token and keeps the profile for the lock screen', () => {
    saveSession(session(true));
    lockSession();
    expect(localStorage.getItem(sessionKeys.token)).toBeNull();
    expect(localStorage.getItem(sessionKeys.email)).toBe('ani@example.com');
    expect(getSession()).toMatchObject({ token: null, remember: true, profile: { fullname: 'Ani Wijaya' } });
  });

  it('updates the stored flags in the storage that holds the session', () => {
    saveSession(session(false));
    updateAccess({ allow_employee: 0, allow_report: 1 });
    expect(JSON.parse(sessionStorage.getItem(sessionKeys.access)!)).toEqual({ allow_employee: 0, allow_report: 1 });
    expect(getSession().access).toEqual({ allow_employee: 0, allow_report: 1 });
  });
});
