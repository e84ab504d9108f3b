import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fetch';
import { AppProviders } from '../providers';
import { routes } from '../router';
import { canAccessPath } from '../route-table';
import { setRouteAccessResolver } from '@/lib/route-access';
import { clearNotifications } from '@/lib/notifications';
import { queryClient } from '@/lib/query-client';
import { getSession, saveSession, updateAccess, type UserAccess } from '@/lib/session';

vi.mock('@/lib/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/realtime')>()),
  useRealtimeSession: () => undefined,
}));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  setRouteAccessResolver(canAccessPath);
  clearNotifications();
  queryClient.clear();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/profile')) {
      return jsonResponse({ http_status: 200, message: 'OK', data: { profile: getSession().profile, user_access: getSession().access } });
    }
    if (url.endsWith('/auth/')) {
      return jsonResponse({
        http_status: 200,
        message: 'Berhasil masuk.',
        data: { token: 'new-token', user_access: { allow_employee: 1 }, profile: { fullname: 'Dewi Lestari' } },
      });
    }
    if (url.endsWith('/profile/change_password')) {
      return jsonResponse({ http_status: 200, message: 'Kata sandi berhasil diubah.', data: null });
    }
    if (url.endsWith('/auth/confirm_reset_password')) {
      return jsonResponse({ http_status: 200, message: 'Password berhasil direset.', data: null });
    }
    return jsonResponse({ http_status: 404, message: 'Tidak ditemukan.' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function signIn(access: UserAccess) {
  saveSession({ token: 'tok', profile: { fullname: 'Dewi Lestari' }, access, email: 'dewi@example.com', remember: false });
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('app routes', () => {
  it('sends a visitor without a token to /login', async () => {
    const router = renderAt('/employee');
    expect(await screen.findByRole('button', { name: 'Masuk' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(document.title).toBe('Kehadiran | Masuk'));
  });

  it('sends a signed-in visitor of a public route to the dashboard', async () => {
    signIn({});
    const router = renderAt('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 8000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(document.title).toBe('Kehadiran | Dashboard'));
  });

  it('shows the denial text, never the page, for a typed URL the flags deny', async () => {
    signIn({ allow_announcement: 1 });
    renderAt('/employee');
    expect(await screen.findByText('Anda tidak memiliki akses untuk membuka halaman ini!')).toBeInTheDocument();
  });

  it('keeps the user where they were when an in-app navigation is denied', async () => {
    signIn({ allow_permission: 1 });
    const router = renderAt('/credits');
    await screen.findByRole('navigation', { name: 'Menu utama' });
    await act(() => router.navigate('/approval/attendance'));
    expect(await screen.findByRole('alertdialog', { name: 'Anda tidak memiliki akses untuk membuka halaman ini!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/credits');
  });

  it('hides the sidebar entry of a page the flags do not open', async () => {
    const user = userEvent.setup();
    signIn({ allow_permission: 1 });
    renderAt('/credits');
    const nav = await screen.findByRole('navigation', { name: 'Menu utama' });
    await user.click(within(nav).getByRole('button', { name: 'Persetujuan' }));
    expect(within(nav).getByRole('link', { name: 'Persetujuan Izin' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Persetujuan Kehadiran' })).not.toBeInTheDocument();
  });

  it('shows the access-denied page inside the shell, with its title and a way back', async () => {
    signIn({});
    renderAt('/system-admin/user-level');
    expect(await screen.findByRole('heading', { level: 1, name: 'Akses Ditolak' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Menu utama' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kembali ke Dashboard' })).toHaveAttribute('href', '/');
  });

  it('says why when the access to a page is lost live, then moves on to the dashboard on request', async () => {
    const user = userEvent.setup();
    signIn({ allow_user_level: 1 });
    const router = renderAt('/system-admin/user-level');
    expect(await screen.findByRole('heading', { level: 1, name: 'User Level' })).toBeInTheDocument();
    act(() => updateAccess({}));
    expect(await screen.findByRole('heading', { level: 1, name: 'Akses Dicabut' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Akses Anda ke halaman ini telah dicabut');
    expect(router.state.location.pathname).toBe('/system-admin/user-level');
    await user.click(screen.getByRole('link', { name: 'Kembali ke Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('hides the absent report button of the dashboard without allow_report', async () => {
    signIn({});
    renderAt('/');
    expect(await screen.findByText('5 Karyawan Tidak Hadir, Terbanyak Tahun Ini')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pilih Periode Laporan' })).not.toBeInTheDocument();
  });

  it('shows the absent report button of the dashboard with allow_report', async () => {
    signIn({ allow_report: 1 });
    renderAt('/');
    expect(await screen.findByRole('button', { name: 'Pilih Periode Laporan' })).toBeInTheDocument();
  });

  it('returns to the page asked for after signing in', async () => {
    const user = userEvent.setup();
    const router = renderAt('/employee?page=2');
    await user.type(await screen.findByLabelText('Email'), 'dewi@example.com');
    await user.type(screen.getByLabelText('Password'), 'rahasia1');
    await user.click(screen.getByRole('button', { name: 'Masuk' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/employee'));
    expect(router.state.location.search).toBe('?page=2');
  });

  it('starts at the dashboard after a deliberate Log Out and a new sign-in', async () => {
    const user = userEvent.setup();
    signIn({});
    const router = renderAt('/credits');
    await user.click(await screen.findByRole('button', { name: /Menu pengguna/ }));
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await user.type(await screen.findByLabelText('Email'), 'dewi@example.com');
    await user.type(screen.getByLabelText('Password'), 'rahasia1');
    await user.click(screen.getByRole('button', { name: 'Masuk' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('returns to the locked page after unlocking', async () => {
    const user = userEvent.setup();
    signIn({});
    const router = renderAt('/credits');
    await user.click(await screen.findByRole('button', { name: /Menu pengguna/ }));
    await user.click(screen.getByRole('button', { name: 'Lock Screen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lock-screen'));
    await user.type(await screen.findByLabelText('Password'), 'rahasia1');
    await user.click(screen.getByRole('button', { name: 'Buka Kunci' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/credits'));
  });

  it('shows the 404 page for unknown paths', async () => {
    renderAt('/tidak-ada');
    expect(await screen.findByText('Halaman yang Anda cari tidak ada.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ke Dashboard?' })).toHaveAttribute('href', '/');
  });

  it('validates the login form only after submitting, then signs in and opens the dashboard', async () => {
    const user = userEvent.setup();
    const router = renderAt('/login');
    const email = await screen.findByLabelText('Email');
    expect(screen.queryByText('Email harus diisi')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Masuk' }));
    expect(await screen.findByText('Email harus diisi')).toBeInTheDocument();
    expect(screen.getByText('Password harus diisi')).toBeInTheDocument();
    await user.type(email, 'bukan-email');
    await user.click(screen.getByRole('button', { name: 'Masuk' }));
    expect(await screen.findByText('Email tidak valid')).toBeInTheDocument();

    await user.clear(email);
    await user.type(email, 'dewi@example.com');
    await user.type(screen.getByLabelText('Password'), 'rahasia1');
    await user.click(screen.getByLabelText('Ingat saya'));
    await user.click(screen.getByRole('button', { name: 'Masuk' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('token')).toBe('new-token');
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/'))!;
    expect(JSON.parse(String(init!.body))).toEqual({
      email: 'dewi@example.com',
      password: 'rahasia1',
      permanentData: true,
    });
  });

  it('locks the screen from the user menu and shows the stored full name', async () => {
    const user = userEvent.setup();
    signIn({});
    const router = renderAt('/');
    await user.click(await screen.findByRole('button', { name: /Menu pengguna/ }));
    await user.click(screen.getByRole('button', { name: 'Lock Screen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lock-screen'));
    expect(await screen.findByText('Dewi Lestari')).toBeInTheDocument();
    expect(getSession().token).toBeNull();
    expect(getSession().email).toBe('dewi@example.com');
  });
});

describe('change password modal', () => {
  it('validates, sends the three passwords and closes with the server message as a toast', async () => {
    const user = userEvent.setup();
    signIn({});
    renderAt('/');
    await user.click(await screen.findByRole('button', { name: /Menu pengguna/ }));
    await user.click(screen.getByRole('button', { name: 'Ubah Kata Sandi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ubah Kata Sandi' });
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findAllByText('Kata sandi harus diisi')).toHaveLength(3);

    await user.type(within(dialog).getByLabelText('Kata Sandi Lama'), 'lama123');
    await user.type(within(dialog).getByLabelText('Kata Sandi Baru', { exact: true }), 'baru123');
    await user.type(within(dialog).getByLabelText('Ulangi Kata Sandi Baru'), 'beda123');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Kata sandi tidak sama')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Ulangi Kata Sandi Baru'));
    await user.type(within(dialog).getByLabelText('Ulangi Kata Sandi Baru'), 'baru123');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByRole('status', { name: 'Kata sandi berhasil diubah.' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/profile/change_password'))!;
    expect(JSON.parse(String(init!.body))).toEqual({
      old_password: 'lama123',
      new_password: 'baru123',
      confirm_new_password: 'baru123',
    });
  });
});

describe('reset password page', () => {
  it('prefills the email, requires the whole code and sends it uppercased', async () => {
    const user = userEvent.setup();
    sessionStorage.setItem('resetPasswordEmail', 'eka@example.com');
    const router = renderAt('/reset-password');
    expect(await screen.findByLabelText('Email')).toHaveValue('eka@example.com');
    await user.type(screen.getByLabelText('Password Baru'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Password setidaknya memiliki 6 karakter')).toBeInTheDocument();
    expect(screen.getByText('Password harus sama')).toBeInTheDocument();
    expect(screen.getByText('Kode verifikasi harus diisi')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Password Baru'), 'def');
    await user.type(screen.getByLabelText('Ulangi Password'), 'abcdef');
    await user.click(screen.getByLabelText('Kode verifikasi 1'));
    await user.paste('k9x2ab');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('status', { name: 'Password berhasil direset.' })).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/confirm_reset_password'))!;
    expect(JSON.parse(String(init!.body))).toEqual({
      email: 'eka@example.com',
      verification_code: 'K9X2AB',
      new_password: 'abcdef',
      confirm_new_password: 'abcdef',
    });
  });

  it('shows the broken-link popup on the emailed reset page without email or code', async () => {
    renderAt('/mobile/reset-password?email=eka@example.com');
    expect(await screen.findByRole('alertdialog', { name: 'Pastikan link yang Anda akses sudah benar!' })).toBeInTheDocument();
  });
});
