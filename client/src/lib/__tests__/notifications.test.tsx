import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationHost } from '@/components/notification-host';
import { clearNotifications, closePopupOutside, getNotifications, showError } from '../notifications';

describe('error popup', () => {
  afterEach(() => clearNotifications());

  it('closes when the user leaves the page it was raised on, not before', () => {
    showError('Password salah.');
    closePopupOutside(window.location.pathname);
    expect(getNotifications().popup?.message).toBe('Password salah.');
    closePopupOutside('/halaman-lain');
    expect(getNotifications().popup).toBeNull();
  });

  it('sits over a backdrop, takes focus, and closes on Escape giving focus back', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Simpan</button>
        <NotificationHost />
      </>,
    );
    screen.getByRole('button', { name: 'Simpan' }).focus();
    act(() => showError('Data gagal disimpan.'));
    const popup = screen.getByRole('alertdialog', { name: 'Data gagal disimpan.' });
    expect(popup).toHaveAttribute('aria-modal', 'true');
    expect(document.querySelector('.app-popup-backdrop')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Tutup' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Simpan' })).toHaveFocus();
  });
});
