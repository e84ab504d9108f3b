import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { reportDecisionFailure } from '../live-queue';
import { clearNotifications, getNotifications } from '../notifications';

beforeEach(() => clearNotifications());

describe('a decision that did not go through', () => {
  it('a colleague decided first (409): a calm notice naming them, no popup', () => {
    reportDecisionFailure(new ApiError(409, 'Data sudah diproses oleh Administrator Sistem.'));
    expect(getNotifications().popup).toBeNull();
    expect(getNotifications().toasts).toEqual([expect.objectContaining({ kind: 'info', message: 'Data sudah diproses oleh Administrator Sistem.' })]);
  });

  it('a real failure is the popup; a 401 (signed out) says nothing', () => {
    reportDecisionFailure(new ApiError(401, ''));
    expect(getNotifications().popup).toBeNull();
    reportDecisionFailure(new ApiError(0, 'Mohon periksa koneksi internet dan coba beberapa saat lagi.'));
    expect(getNotifications().popup?.message).toBe('Mohon periksa koneksi internet dan coba beberapa saat lagi.');
    expect(getNotifications().toasts).toEqual([]);
  });
});
