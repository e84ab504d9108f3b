import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { calendarWeeks, dateText, movedDay, parseDateText } from '@/lib/date-input';
import { DateInput } from '../date-input';

describe('date input text', () => {
  it('reads dd/mm/yyyy (and a pasted YYYY-MM-DD) as the API date', () => {
    expect(parseDateText('27/11/2026')).toBe('2026-11-27');
    expect(parseDateText('7/1/2026')).toBe('2026-01-07');
    expect(parseDateText('07-01-2026')).toBe('2026-01-07');
    expect(parseDateText('07.01.2026')).toBe('2026-01-07');
    expect(parseDateText(' 2026-11-27 ')).toBe('2026-11-27');
    expect(parseDateText('')).toBe('');
  });

  it('refuses what is not a day of the calendar', () => {
    expect(parseDateText('31/02/2026')).toBeNull();
    expect(parseDateText('29/02/2026')).toBeNull();
    expect(parseDateText('29/02/2028')).toBe('2028-02-29');
    expect(parseDateText('11/27/2026')).toBeNull();
    expect(parseDateText('27/11/26')).toBeNull();
    expect(parseDateText('besok')).toBeNull();
  });

  it('shows the API date as dd/mm/yyyy', () => {
    expect(dateText('2026-01-07')).toBe('07/01/2026');
    expect(dateText('')).toBe('');
  });

  it('lays a month out in six weeks from Monday', () => {
    const weeks = calendarWeeks('2026-11-27');
    expect(weeks).toHaveLength(6);
    expect(weeks[0][0]).toBe('2026-10-26');
    expect(weeks[0][6]).toBe('2026-11-01');
  });

  it('moves by day, week, week ends, month and year', () => {
    expect(movedDay('2026-11-27', 'ArrowLeft')).toBe('2026-11-26');
    expect(movedDay('2026-11-27', 'ArrowDown')).toBe('2026-12-04');
    expect(movedDay('2026-11-27', 'Home')).toBe('2026-11-23');
    expect(movedDay('2026-11-27', 'End')).toBe('2026-11-29');
    expect(movedDay('2026-01-31', 'PageDown')).toBe('2026-02-28');
    expect(movedDay('2026-11-27', 'PageUp', true)).toBe('2025-11-27');
    expect(movedDay('2026-11-27', 'a')).toBeNull();
  });
});

function Controlled({ initial = '', onValue, min, max }: { initial?: string; onValue?: (value: string) => void; min?: string; max?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <DateInput
      aria-label="Tanggal"
      value={value}
      min={min}
      max={max}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

describe('DateInput', () => {
  it('hands the typed dd/mm/yyyy to the form as YYYY-MM-DD', async () => {
    const onValue = vi.fn();
    render(<Controlled onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Tanggal' });
    expect(input).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    await userEvent.type(input, '27/11/2026');
    expect(onValue).toHaveBeenLastCalledWith('2026-11-27');
    expect(input).toHaveValue('27/11/2026');
  });

  it('marks a text that is no date and empties the value', async () => {
    const onValue = vi.fn();
    render(<Controlled initial="2026-11-27" onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Tanggal' });
    await userEvent.clear(input);
    await userEvent.type(input, '31/02/2026');
    await userEvent.tab();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveValue('31/02/2026');
    expect(screen.getByText('Tanggal tidak valid, tulis dd/mm/yyyy.')).toBeInTheDocument();
    expect(onValue).toHaveBeenLastCalledWith('');
  });

  it('picks a day in an Indonesian calendar moved with the arrow keys', async () => {
    const onValue = vi.fn();
    render(<Controlled initial="2026-11-27" onValue={onValue} max="2026-12-01" />);
    const toggle = screen.getByRole('button', { name: 'Pilih tanggal dari kalender' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const calendar = screen.getByRole('dialog', { name: /November 2026/ });
    expect(within(calendar).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Sen',
      'Sel',
      'Rab',
      'Kam',
      'Jum',
      'Sab',
      'Min',
    ]);
    const selected = within(calendar).getByRole('button', { name: '27 November 2026' });
    expect(selected).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    // 4 December is past max: the focus stops at the last allowed day.
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: '1 Desember 2026' })).toHaveFocus();
    expect(screen.getByRole('dialog', { name: /Desember 2026/ })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{Enter}');
    expect(onValue).toHaveBeenLastCalledWith('2026-11-29');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Tanggal' })).toHaveValue('29/11/2026');
    expect(toggle).toHaveFocus();
  });

  it('closes the calendar on Escape, focus back on its button', async () => {
    render(<Controlled initial="2026-11-27" />);
    const toggle = screen.getByRole('button', { name: 'Pilih tanggal dari kalender' });
    await userEvent.click(toggle);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('rewrites its text when the value is set from outside', () => {
    const { rerender } = render(<DateInput aria-label="Tanggal" value="2026-11-27" onChange={() => {}} />);
    act(() => rerender(<DateInput aria-label="Tanggal" value="2026-01-02" onChange={() => {}} />));
    expect(screen.getByRole('textbox', { name: 'Tanggal' })).toHaveValue('02/01/2026');
  });
});
