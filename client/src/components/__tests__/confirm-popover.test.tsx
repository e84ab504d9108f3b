import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmPopover } from '../confirm-popover';

describe('ConfirmPopover', () => {
  it('asks before acting and can be cancelled', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(
      <ConfirmPopover question="Hapus data?" confirmLabel="Hapus" onConfirm={onConfirm}>
        {(trigger) => (
          <button type="button" {...trigger}>
            Hapus item
          </button>
        )}
      </ConfirmPopover>,
    );
    await user.click(screen.getByRole('button', { name: 'Hapus item' }));
    expect(await screen.findByText('Hapus data?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Batal' }));
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Hapus item' }));
    await user.click(await screen.findByRole('button', { name: 'Hapus' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
