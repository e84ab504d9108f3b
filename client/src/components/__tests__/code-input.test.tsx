import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CodeInput } from '../code-input';

function Harness({ onValue }: { onValue?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <CodeInput
      legend="Kode Verifikasi"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

const box = (position: number) => screen.getByLabelText(`Kode verifikasi ${position}`) as HTMLInputElement;
const values = () => [1, 2, 3, 4, 5, 6].map((position) => box(position).value).join('');

describe('CodeInput', () => {
  it('enables each box only once the previous one is filled', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(box(1)).toBeEnabled();
    for (const position of [2, 3, 4, 5, 6]) expect(box(position)).toBeDisabled();
    await user.click(box(1));
    await user.keyboard('a');
    expect(box(2)).toBeEnabled();
    expect(box(3)).toBeDisabled();
  });

  it('uppercases and moves focus forward while typing', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    await user.click(box(1));
    await user.keyboard('a');
    expect(box(1)).toHaveValue('A');
    expect(box(2)).toHaveFocus();
    await user.keyboard('b9c');
    expect(values()).toBe('AB9C');
    expect(box(5)).toHaveFocus();
    expect(onValue).toHaveBeenLastCalledWith('AB9C');
  });

  it('fills every box from a paste', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    await user.click(box(1));
    await user.paste(' x7-k2pq ');
    expect(values()).toBe('X7K2PQ');
    expect(onValue).toHaveBeenLastCalledWith('X7K2PQ');
    for (const position of [1, 2, 3, 4, 5, 6]) expect(box(position)).toBeEnabled();
    expect(box(6)).toHaveFocus();
  });

  it('goes back on Backspace and Delete, clearing as it goes', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.paste('ABCDEF');
    expect(box(6)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(values()).toBe('ABCDE');
    expect(box(5)).toHaveFocus();
    expect(box(6)).toBeEnabled();
    await user.keyboard('{Backspace}');
    expect(values()).toBe('ABCD');
    expect(box(4)).toHaveFocus();
    expect(box(6)).toBeDisabled();
    fireEvent.keyDown(box(4), { key: 'Delete' });
    expect(values()).toBe('ABC');
    expect(box(3)).toHaveFocus();
  });

  it('Backspace on an empty box clears and focuses the previous one', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('AB');
    expect(box(3)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(values()).toBe('A');
    expect(box(2)).toHaveFocus();
  });

  it('the clear button empties every box and returns to the first', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    await user.click(box(1));
    await user.paste('QWERTY');
    await user.click(screen.getByRole('button', { name: 'Hapus kode' }));
    expect(values()).toBe('');
    expect(onValue).toHaveBeenLastCalledWith('');
    expect(box(1)).toHaveFocus();
    expect(box(2)).toBeDisabled();
  });
});
