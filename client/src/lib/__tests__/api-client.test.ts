import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch';
import { api, ApiError, mobileApi, request, withInlineErrors } from '../api-client';
import { setNavigator } from '../navigation';
import { clearNotifications, getNotifications, NOTIFICATION_DURATION_MS } from '../notifications';
import { getSession, saveSession, sessionKeys } from '../session';

const navigate = vi.fn();

beforeEach(() => {
  setNavigator(navigate);
  clearNotifications();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  navigate.mockReset();
});

function signIn(remember = true) {
  saveSession({ token: 'tok-1', profile: { fullname: 'Budi' }, access: {}, email: 'budi@example.com', remember });
}

describe('api client', () => {
  it('unwraps the envelope and sends the raw token', async () => {
    signIn(false);
    const fetchMock = mockFetch(jsonResponse({ http_status: 200, message: 'OK', data: { fullname: 'Budi' } }));
    const response = await request<{ fullname: string }>('GET', 'profile', { query: { page: 1, search: undefined } });
    expect(response.data).toEqual({ fullname: 'Budi' });
    expect(response.message).toBe('OK');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/web/v1/profile?page=1');
    expect((init!.headers as Record<string, string>).Authorization).toBe('tok-1');
  });

  it('sends JSON bodies and uses the mobile base when asked', async () => {
    const fetchMock = mockFetch(jsonResponse({ http_status: 200, message: 'Tersimpan', data: { deep_link: '' } }));
    await request('PATCH', 'auth/confirm_reset_password', { body: { email: 'a@b.c' }, base: 'mobile', headers: { Version: '1000000' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/mobile/v1/auth/confirm_reset_password');
    expect(init!.method).toBe('PATCH');
    expect(init!.body).toBe(JSON.stringify({ email: 'a@b.c' }));
    const headers = init!.headers as Record<string, string>;
    expect(headers.Version).toBe('1000000');
    expect(headers.Authorization).toBeUndefined();
  });

  it('logs out and goes to /login when a signed-in call answers http_status 401', async () => {
    signIn(true);
    mockFetch(jsonResponse({ http_status: 401, message: 'Sesi berakhir.' }, 401));
    await expect(request('GET', 'profile')).rejects.toBeInstanceOf(ApiError);
    for (const key of Object.values(sessionKeys)) expect(localStorage.getItem(key)).toBeNull();
    expect(getSession().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(getNotifications().popup).toBeNull();
  });

  it('treats a body http_status 401 as logout even when the HTTP status differs', async () => {
    signIn(false);
    mockFetch(jsonResponse({ http_status: 401, message: 'Token tidak valid.' }, 200));
    await expect(request('GET', 'profile')).rejects.toMatchObject({ status: 401 });
    expect(getSession().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('shows the server message for a 401 of a sign-in attempt without logging anyone out', async () => {
    mockFetch(jsonResponse({ http_status: 401, message: 'Email atau password salah.' }, 401));
    await expect(request('POST', 'auth/', { body: { email: 'x@y.z', password: 'bad' } })).rejects.toMatchObject({
      status: 401,
      message: 'Email atau password salah.',
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(getNotifications().popup?.message).toBe('Email atau password salah.');
  });

  it('shows the network message when there is no response', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    await expect(request('GET', 'config')).rejects.toMatchObject({
      status: 0,
      message: 'Mohon periksa koneksi internet dan coba beberapa saat lagi.',
    });
    expect(getNotifications().popup?.message).toBe('Mohon periksa koneksi internet dan coba beberapa saat lagi.');
  });

  it('shows the server error message in the popup for 3 seconds and keeps field errors', async () => {
    vi.useFakeTimers();
    mockFetch(
      jsonResponse(
        { http_status: 422, message: 'Data tidak valid.', errors: { email: ['Email tidak valid'] } },
        422,
      ),
    );
    const error = await request('PATCH', 'auth/forgot_password', { body: { email: 'x' } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errors).toEqual({ email: ['Email tidak valid'] });
    expect(getNotifications().popup).toMatchObject({ kind: 'error', message: 'Data tidak valid.' });
    vi.advanceTimersByTime(NOTIFICATION_DURATION_MS - 1);
    expect(getNotifications().popup).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(getNotifications().popup).toBeNull();
  });

  it('can stay silent when the caller handles the failure', async () => {
    mockFetch(jsonResponse({ http_status: 500, message: '' }, 500));
    await expect(request('POST', 'realtime/ticket', { errorPopup: false })).rejects.toBeInstanceOf(ApiError);
    expect(getNotifications().popup).toBeNull();
  });

  it("leaves a form's input errors to the form (no popup) but still pops up real failures", async () => {
    mockFetch(
      jsonResponse({ http_status: 422, message: 'Data tidak valid.', errors: { name: ['Nama harus diisi'] } }, 422),
      jsonResponse({ http_status: 409, message: 'Data sudah diproses.' }, 409),
      jsonResponse({ http_status: 500, message: '' }, 500),
      jsonResponse({ http_status: 403, message: 'Anda tidak memiliki akses.' }, 403),
    );
    const invalid = await withInlineErrors(() => request('POST', 'shift', { body: { name: '' } })).catch((caught: unknown) => caught);
    expect((invalid as ApiError).errors).toEqual({ name: ['Nama harus diisi'] });
    expect((invalid as ApiError).popupShown).toBe(false);
    const conflict = await withInlineErrors(() => request('PUT', 'shift/1', { body: {} })).catch((caught: unknown) => caught);
    expect((conflict as ApiError).status).toBe(409);
    expect(getNotifications().popup).toBeNull();

    const broken = await withInlineErrors(() => request('POST', 'shift', { body: {} })).catch((caught: unknown) => caught);
    expect((broken as ApiError).isRealFailure).toBe(true);
    expect((broken as ApiError).popupShown).toBe(true);
    expect(getNotifications().popup?.message).toBe('Mohon periksa koneksi internet dan coba beberapa saat lagi.');
    clearNotifications();
    await withInlineErrors(() => request('POST', 'shift', { body: {} })).catch(() => undefined);
    expect(getNotifications().popup?.message).toBe('Anda tidak memiliki akses.');
  });

  it('fills a typed path from its values (encoded) and repeats a list parameter', async () => {
    const answer = () => jsonResponse({ http_status: 200, message: 'OK', data: {} });
    const fetchMock = mockFetch(answer(), answer(), answer());
    await api.get('attendance_log/approve_many/preview', { query: { ids: ['a b', 'c'] } });
    await api.get('shift/detail/{hash_id}', { path: { hash_id: 'x/y' } });
    await mobileApi.patch(
      'auth/confirm_reset_password',
      { email: 'a@b.c', verification_code: 'X', new_password: 'p', confirm_new_password: 'p' },
      { headers: { Version: '1' } },
    );
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/web/v1/attendance_log/approve_many/preview?ids=a+b&ids=c',
      '/api/web/v1/shift/detail/x%2Fy',
      '/api/mobile/v1/auth/confirm_reset_password',
    ]);
  });
});
