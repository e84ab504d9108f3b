import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CheckboxField, DateField, FileField, NumberField, PasswordField, SelectField, TextareaField, TimeField } from '../fields';
import { Form, FormSubmitButton } from '../form';
import { passwordWithMinimum, requiredChoice, requiredDate, requiredFile, requiredNumber, requiredText, requiredTime } from '../validation';

// The machine running CI may be busy: wait on conditions longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const schema = z.object({
  late: requiredNumber('Lama toleransi terlambat harus diisi', { min: 0, minMessage: 'Nilai minimal adalah 0' }),
  type: requiredChoice(['working_shift', 'non_working_shift'], 'Tipe harus diisi'),
  date: requiredDate('Tanggal harus diisi'),
  time_in: requiredTime('Jam masuk harus diisi'),
  note: requiredText('Deskripsi harus diisi'),
  password: passwordWithMinimum('Password harus diisi'),
  file: requiredFile('Berkas harus diisi'),
  agree: z.boolean(),
});
type Input = z.input<typeof schema>;

function Screen({ onSubmit }: { onSubmit: (values: z.output<typeof schema>) => void }) {
  const form = useForm<Input, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { type: '' as never, date: '', time_in: '', note: '', password: '', file: null as never, agree: false },
  });
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Uji">
      <NumberField<Input> name="late" label="Toleransi terlambat" required min={0} />
      <SelectField<Input>
        name="type"
        label="Tipe"
        required
        options={[
          { value: 'working_shift', label: 'Working Shift' },
          { value: 'non_working_shift', label: 'Non Working Shift' },
        ]}
      />
      <DateField<Input> name="date" label="Tanggal" required />
      <TimeField<Input> name="time_in" label="Jam masuk" required />
      <TextareaField<Input> name="note" label="Deskripsi" required />
      <PasswordField<Input> name="password" label="Password" required hint="Minimal 6 karakter" />
      <FileField<Input> name="file" label="Berkas" required />
      <CheckboxField<Input> name="agree" label="Setuju" />
      <FormSubmitButton>Simpan</FormSubmitButton>
    </Form>
  );
}

describe('form fields', () => {
  it("each field is labelled, says what is missing in the spec's words, and gives typed values", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Screen onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    for (const message of [
      'Lama toleransi terlambat harus diisi',
      'Tipe harus diisi',
      'Tanggal harus diisi',
      'Jam masuk harus diisi',
      'Deskripsi harus diisi',
      'Password harus diisi',
      'Berkas harus diisi',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByRole('spinbutton', { name: /Toleransi terlambat/ })).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('Password harus diisi Minimal 6 karakter');

    await user.type(screen.getByRole('spinbutton', { name: /Toleransi terlambat/ }), '-1');
    await user.type(screen.getByLabelText(/^Password/), 'abc');
    expect(await screen.findByText('Nilai minimal adalah 0')).toBeInTheDocument();
    expect(await screen.findByText('Password setidaknya memiliki 6 karakter')).toBeInTheDocument();

    await user.clear(screen.getByRole('spinbutton', { name: /Toleransi terlambat/ }));
    await user.type(screen.getByRole('spinbutton', { name: /Toleransi terlambat/ }), '15');
    await user.selectOptions(screen.getByRole('combobox', { name: /Tipe/ }), 'Working Shift');
    await user.type(screen.getByLabelText(/Tanggal/), '2026-11-23');
    await user.type(screen.getByLabelText(/Jam masuk/), '08:00');
    await user.type(screen.getByRole('textbox', { name: /Deskripsi/ }), 'Catatan');
    await user.type(screen.getByLabelText(/^Password/), 'def');
    const file = new File(['x'], 'surat.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText(/Berkas/), file);
    await user.click(screen.getByRole('checkbox', { name: 'Setuju' }));
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
          late: 15,
          type: 'working_shift',
          date: '2026-11-23',
          time_in: '08:00',
          note: 'Catatan',
          password: 'abcdef',
          file,
          agree: true,
        }),
    );
  });
});
