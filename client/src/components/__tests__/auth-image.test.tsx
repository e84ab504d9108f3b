import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { id as t } from '@/i18n/id';
import { clearNotifications, getNotifications } from '@/lib/notifications';
import { saveSession } from '@/lib/session';
import { AuthFileLink, AuthImage, initials } from '../auth-image';

const createObjectURL = vi.fn((_blob: Blob) => 'blob:photo-1');
const revokeObjectURL = vi.fn();

beforeEach(() => {
  saveSession({ token: 'secret-token', profile: {}, access: {}, email: 'a@example.com', remember: false });
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AuthImage', () => {
  it('fetches a media file with the token, shows it through an object URL and revokes it on unmount', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () => new Response('jpeg', { status: 200, headers: { 'Content-Type': 'image/jpeg' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { unmount } = render(<AuthImage src="/api/web/v1/file/token-a" alt="Foto Ani" name="Ani Lestari" />);

    const placeholder = screen.getByRole('img', { name: 'Foto Ani' });
    expect(placeholder).toHaveTextContent('AL');
    expect(placeholder).toHaveAttribute('aria-busy', 'true');

    await waitFor(() => expect(screen.getByRole('img', { name: 'Foto Ani' }).tagName).toBe('IMG'));
    expect(screen.getByRole('img', { name: 'Foto Ani' })).toHaveAttribute('src', 'blob:photo-1');
    expect(fetchMock).toHaveBeenCalledWith('/api/web/v1/file/token-a', {
      headers: { Authorization: 'secret-token' },
    });

    unmount();
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:photo-1'));
  });

  it('shares one download between images of the same file', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () => new Response('jpeg', { status: 200, headers: { 'Content-Type': 'image/jpeg' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { unmount } = render(
      <>
        <AuthImage src="/api/web/v1/file/token-b" alt="Satu" />
        <AuthImage src="/api/web/v1/file/token-b" alt="Dua" />
      </>,
    );
    await waitFor(() => expect(screen.getByRole('img', { name: 'Dua' }).tagName).toBe('IMG'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    unmount();
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledTimes(1));
  });

  it('keeps the initials placeholder when the file is missing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => new Response('', { status: 404 })),
    );
    render(<AuthImage src="/api/web/v1/file/token-missing" alt="Foto Budi" name="Budi" />);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Foto Budi' })).toHaveAttribute('data-state', 'missing'),
    );
    expect(screen.getByRole('img', { name: 'Foto Budi' })).toHaveTextContent('BU');
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('shows the placeholder without fetching when there is no file, and external URLs as they are', () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    render(
      <>
        <AuthImage src="" alt="Tanpa foto" name="Citra Dewi" />
        <AuthImage src="https://cdn.example.com/x.png" alt="Luar" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Tanpa foto' })).toHaveTextContent('CD');
    expect(screen.getByRole('img', { name: 'Luar' })).toHaveAttribute('src', 'https://cdn.example.com/x.png');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('takes the initials of the first and last word', () => {
    expect(initials('Rosa Rizki Simanjuntak')).toBe('RS');
    expect(initials('Darsono')).toBe('DA');
    expect(initials('  ')).toBe('?');
  });
});

describe('AuthFileLink', () => {
  afterEach(() => clearNotifications());

  it('opens the fetched file in the tab it opened on click', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => new Response('%PDF', { status: 200, headers: { 'Content-Type': 'application/pdf' } })),
    );
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal('open', vi.fn(() => tab));
    render(<AuthFileLink href="/api/web/v1/file/token-ok">Surat</AuthFileLink>);
    fireEvent.click(screen.getByRole('link', { name: /Surat/ }));
    await waitFor(() => expect(tab.location.href).toBe('blob:photo-1'));
    expect(tab.close).not.toHaveBeenCalled();
    expect(getNotifications().popup).toBeNull();
  });

  it('closes the tab and says so when the file cannot be fetched (e.g. an expired signed URL)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => new Response('{"http_status":403}', { status: 403 })),
    );
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal('open', vi.fn(() => tab));
    render(<AuthFileLink href="/api/web/v1/file/token-expired">Surat</AuthFileLink>);
    fireEvent.click(screen.getByRole('link', { name: /Surat/ }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(getNotifications().popup?.message).toBe(t.authImage.openFailed);
  });
});
