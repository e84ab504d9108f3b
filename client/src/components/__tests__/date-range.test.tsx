import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adjustRange, DateRange, isCompleteRange, twoMonthWindow } from '../date-range';

describe('DateRange', () => {
  it('keeps both ends inside the window and the end never before the start', () => {
    const range = { start: '2026-11-10', end: '2026-11-12' };
    expect(adjustRange(range, 'start', '2026-11-15', '2026-09-21', '2026-11-21')).toEqual({
      start: '2026-11-15',
      end: '',
    });
    expect(adjustRange(range, 'end', '2026-11-01', '2026-09-21', '2026-11-21')).toEqual({
      start: '2026-11-01',
      end: '2026-11-01',
    });
    expect(adjustRange(range, 'start', '2026-01-01', '2026-09-21', '2026-11-21')).toEqual({
      start: '2026-09-21',
      end: '2026-11-12',
    });
    expect(adjustRange(range, 'end', '2027-01-01', '2026-09-21', '2026-11-21')).toEqual({
      start: '2026-11-10',
      end: '2026-11-21',
    });
  });

  it('is applied only with both ends or none', () => {
    expect(isCompleteRange({ start: '2026-11-01', end: '2026-11-02' })).toBe(true);
    expect(isCompleteRange({ start: '', end: '' })).toBe(true);
    expect(isCompleteRange({ start: '2026-11-01', end: '' })).toBe(false);
  });

  it('spans two months back to today', () => {
    expect(twoMonthWindow('2026-11-21')).toEqual({ min: '2026-09-21', max: '2026-11-21' });
    expect(twoMonthWindow('2026-12-31')).toEqual({ min: '2026-10-31', max: '2026-12-31' });
    expect(twoMonthWindow('2026-04-30')).toEqual({ min: '2026-02-28', max: '2026-04-30' });
  });

  it('bounds each input by the window and the other end', () => {
    const onChange = vi.fn();
    render(
      <DateRange
        value={{ start: '2026-11-10', end: '2026-11-12' }}
        min="2026-09-21"
        max="2026-11-21"
        onChange={onChange}
      />,
    );
    const start = screen.getByLabelText('Tanggal mulai');
    const end = screen.getByLabelText('Tanggal selesai');
    expect(start).toHaveValue('10/11/2026');
    expect(end).toHaveValue('12/11/2026');
    fireEvent.change(end, { target: { value: '20/11/2026' } });
    expect(onChange).toHaveBeenCalledWith({ start: '2026-11-10', end: '2026-11-20' });
    const [, endCalendar] = screen.getAllByRole('button', { name: 'Pilih tanggal dari kalender' });
    fireEvent.click(endCalendar);
    const calendar = screen.getByRole('dialog');
    expect(within(calendar).getByRole('button', { name: '9 November 2026' })).toBeDisabled();
    expect(within(calendar).getByRole('button', { name: '10 November 2026' })).toBeEnabled();
    expect(within(calendar).getByRole('button', { name: '22 November 2026' })).toBeDisabled();
  });
});
