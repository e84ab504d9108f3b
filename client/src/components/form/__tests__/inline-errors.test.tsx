import { useState } from 'react';
import BsForm from 'react-bootstrap/Form';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useInlineErrors } from '../inline-errors';

type Field = 'name' | 'city';

function Filter({ onSend }: { onSend: () => void }) {
  const [values, setValues] = useState({ name: '', city: '' });
  const messages: Partial<Record<Field, string>> = {};
  if (!values.name) messages.name = 'Nama harus diisi';
  if (!values.city) messages.city = 'Kota harus diisi';
  const errors = useInlineErrors<Field>(['name', 'city'], messages, 'Lengkapi form terlebih dahulu!');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (errors.check()) onSend();
      }}
    >
      {errors.alert}
      {(['name', 'city'] as const).map((field) => (
        <div key={field}>
          <label htmlFor={errors.control(field).id}>{field === 'name' ? 'Nama' : 'Kota'}</label>
          <BsForm.Control
            {...errors.control(field)}
            value={values[field]}
            onChange={(event) => setValues({ ...values, [field]: event.target.value })}
          />
          {errors.message(field)}
        </div>
      ))}
      <button type="submit">Tampilkan</button>
      <button type="button" onClick={errors.reset}>
        Atur ulang
      </button>
    </form>
  );
}

describe('useInlineErrors', () => {
  it('says nothing before the first submit, then names each field, focuses the first and follows the input', async () => {
    const onSend = vi.fn();
    render(<Filter onSend={onSend} />);
    const name = screen.getByLabelText('Nama');
    const city = screen.getByLabelText('Kota');
    expect(name).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('Lengkapi form terlebih dahulu!')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Tampilkan' }));
    expect(onSend).not.toHaveBeenCalled();
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Nama harus diisi');
    expect(city).toHaveAccessibleDescription('Kota harus diisi');
    expect(screen.getByText('Lengkapi form terlebih dahulu!')).toBeInTheDocument();

    // Typing clears that field's message at once, without moving the focus.
    await userEvent.type(name, 'Ani');
    expect(name).toHaveAttribute('aria-invalid', 'false');
    expect(name).not.toHaveAccessibleDescription('Nama harus diisi');
    expect(name).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Tampilkan' }));
    expect(city).toHaveFocus();
    await userEvent.type(city, 'Balikpapan');
    expect(screen.queryByText('Lengkapi form terlebih dahulu!')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tampilkan' }));
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it('forgets the messages on reset until the next submit', async () => {
    render(<Filter onSend={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Tampilkan' }));
    expect(screen.getByText('Nama harus diisi')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Atur ulang' }));
    expect(screen.queryByText('Nama harus diisi')).not.toBeInTheDocument();
  });
});
