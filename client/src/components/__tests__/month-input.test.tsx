import { configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TimeInput } from '../date-time-input';
import { MonthInput } from '../month-input';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

function Harness({ initial = '2026-11', min, max }: { initial?: string; min?: string; max?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MonthInput aria-label="Bulan" value={value} onChange={setValue} min={min} max={max} />
      <output>nilai: {value || '-'}</output>
    </>
  );
}

describe('MonthInput', () => {
  it('shows the Indonesian month name and reads what is typed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Bulan' });
    expect(input).toHaveValue('November 2026');
    await user.clear(input);
    await user.type(input, 'agu 2025');
    expect(screen.getByText('nilai: 2025-08')).toBeInTheDocument();
    await user.tab();
    expect(input).toHaveValue('Agustus 2025');

    await user.clear(input);
    await user.type(input, 'bukan bulan');
    await user.tab();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Bulan tidak valid/);
  });

  it('picks a month from the panel, in Indonesian, with months past `max` disabled', async () => {
    const user = userEvent.setup();
    render(<Harness max="2026-11" />);
    await user.click(screen.getByRole('button', { name: 'Pilih bulan: Bulan' }));
    const panel = screen.getByRole('dialog', { name: 'Pilih bulan, tahun 2026' });
    expect(panel).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desember 2026' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'November 2026' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowUp}{Enter}');
    expect(screen.getByText('nilai: 2026-07')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Bulan' })).toHaveValue('Juli 2026');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pilih bulan: Bulan' })).toHaveFocus();
  });

  it('refuses a typed month outside the bounds', async () => {
    const user = userEvent.setup();
    render(<Harness max="2026-11" />);
    const input = screen.getByRole('textbox', { name: 'Bulan' });
    await user.clear(input);
    await user.type(input, '12/2026');
    await user.tab();
    expect(screen.getByText('nilai: -')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('TimeInput', () => {
  it('is a 24-hour text field: 8.30 becomes 08:30, 25:00 is refused', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<TimeInput aria-label="Jam" value="" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Jam' });
    await user.type(input, '8.30');
    expect(onChange).toHaveBeenLastCalledWith('08:30');
    await user.tab();
    expect(input).toHaveValue('08:30');
    await user.clear(input);
    await user.type(input, '25:00');
    await user.tab();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});
