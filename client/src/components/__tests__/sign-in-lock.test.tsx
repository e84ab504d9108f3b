import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { id as t } from '@/i18n/id';
import { SignInLock, type SignInLockProps } from '../sign-in-lock';

const text = t.people.employee.mobileLock;

function renderLock(props: Partial<SignInLockProps> = {}) {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const onRowClick = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <div role="row" tabIndex={0} onClick={onRowClick} onKeyDown={onRowClick}>
        <SignInLock minutes={15} name="Budi" text={text} queryKey={['employees']} {...props} />
      </div>
    </QueryClientProvider>,
  );
  return { invalidate, onRowClick };
}

describe('SignInLock', () => {
  it('shows nothing for an account that is not locked', () => {
    renderLock({ minutes: 0, unlock: vi.fn() });
    expect(screen.queryByText(/Terkunci/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the minutes left, and no unlock without the right to', () => {
    renderLock({ minutes: 7 });
    expect(screen.getByText('Terkunci 7 menit lagi')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('unlocks after the confirm, refetches the list and keeps the row closed', async () => {
    const user = userEvent.setup();
    const unlock = vi.fn(async () => ({ message: 'Kunci aplikasi karyawan berhasil dibuka.' }));
    const { invalidate, onRowClick } = renderLock({ unlock });
    await user.click(screen.getByRole('button', { name: 'Buka kunci aplikasi Budi' }));
    expect(await screen.findByText(text.unlockQuestion)).toBeInTheDocument();
    expect(unlock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Buka kunci aplikasi' }));
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['employees'] }));
    expect(unlock).toHaveBeenCalledTimes(1);
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('refetches after a refused unlock too (another admin was first)', async () => {
    const user = userEvent.setup();
    const unlock = vi.fn(async () => Promise.reject(new Error('409')));
    const { invalidate } = renderLock({ unlock });
    await user.click(screen.getByRole('button', { name: 'Buka kunci aplikasi Budi' }));
    await user.click(await screen.findByRole('button', { name: 'Buka kunci aplikasi' }));
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['employees'] }));
  });
});
