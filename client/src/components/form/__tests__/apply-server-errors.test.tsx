import { act, configure, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { applyServerErrors } from '../apply-server-errors';
import { Form, FormAlert, FormSubmitButton } from '../form';
import { TextField } from '../fields';
import { requiredText } from '../validation';

// The machine running CI may be busy: wait on conditions longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

interface Values {
  name: string;
  package_id: string;
  address: { city: string };
}

const empty: Values = { name: '', package_id: '', address: { city: '' } };

function useSubscribedForm() {
  const form = useForm<Values>({ defaultValues: empty });
  // Subscribe to errors, as a rendered form does.
  void form.formState.errors;
  return form;
}

function renderForm() {
  return renderHook(useSubscribedForm).result;
}

describe('applyServerErrors', () => {
  it("puts the envelope's errors on the fields of the same name and leaves the rest for the form", () => {
    const form = renderForm();
    let applied: ReturnType<typeof applyServerErrors> | undefined;
    act(() => {
      applied = applyServerErrors(
        new ApiError(422, 'Data tidak valid', {
          name: ['Nama harus diisi'],
          'address.city': ['Kota harus diisi', 'Kota terlalu panjang'],
          non_field_errors: ['Package ID sudah dipakai aplikasi lain'],
        }),
        form.current,
      );
    });
    expect(applied).toEqual({ fields: ['name', 'address.city'], formError: 'Package ID sudah dipakai aplikasi lain' });
    expect(form.current.getFieldState('name').error?.message).toBe('Nama harus diisi');
    expect(form.current.getFieldState('address.city').error?.message).toBe('Kota harus diisi Kota terlalu panjang');
    expect(form.current.formState.errors.root?.server?.message).toBe('Package ID sudah dipakai aplikasi lain');
  });

  it('maps differently named server fields with fieldMap', () => {
    const form = renderForm();
    act(() => {
      applyServerErrors(new ApiError(422, 'Data tidak valid', { packageId: ['Package ID harus diisi'] }), form.current, {
        fieldMap: { packageId: 'package_id' },
      });
    });
    expect(form.current.getFieldState('package_id').error?.message).toBe('Package ID harus diisi');
    expect(form.current.formState.errors.root).toBeUndefined();
  });

  it("shows the envelope's message when no message names a field (409, 403, network)", () => {
    const form = renderForm();
    act(() => {
      applyServerErrors(new ApiError(409, 'Data sudah diubah pengguna lain.'), form.current);
    });
    expect(form.current.getFieldState('name').error).toBeUndefined();
    expect(form.current.formState.errors.root?.server?.message).toBe('Data sudah diubah pengguna lain.');
  });

  it('never shows a programming error to the user', () => {
    const form = renderForm();
    act(() => {
      applyServerErrors(new TypeError('x is undefined'), form.current);
    });
    expect(form.current.formState.errors.root?.server?.message).toBe('Data gagal disimpan. Periksa kembali isian Anda.');
  });

  it('in a Form: the message appears under the field, focus moves there, the typed value stays', async () => {
    const user = userEvent.setup();
    const schema = z.object({ name: requiredText('Nama harus diisi'), package_id: z.string() });
    function Screen() {
      const form = useForm({ resolver: zodResolver(schema), defaultValues: { name: '', package_id: '' } });
      return (
        <Form
          form={form}
          aria-label="Aplikasi"
          onSubmit={() => Promise.reject(new ApiError(422, 'Data tidak valid', { package_id: ['Package ID sudah ada'] }))}
        >
          <FormAlert />
          <TextField<z.input<typeof schema>> name="name" label="Nama" required />
          <TextField<z.input<typeof schema>> name="package_id" label="Package ID" />
          <FormSubmitButton>Simpan</FormSubmitButton>
        </Form>
      );
    }
    render(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Nama harus diisi')).toBeInTheDocument();
    expect(screen.getByLabelText(/Nama/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Nama/)).toHaveAccessibleDescription('Nama harus diisi');

    await user.type(screen.getByLabelText(/Nama/), 'Aplikasi Uji');
    await user.type(screen.getByLabelText('Package ID'), 'com.example');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Package ID sudah ada')).toBeInTheDocument();
    expect(screen.getByLabelText('Package ID')).toHaveFocus();
    expect(screen.getByLabelText('Package ID')).toHaveValue('com.example');
    expect(screen.getByLabelText(/Nama/)).toHaveValue('Aplikasi Uji');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
