import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { clearNotifications, getNotifications } from '@/lib/notifications';
import { SwitchField, TextField } from '../fields';
import { FormModal, type FormModalMode } from '../form-modal';
import { requiredText } from '../validation';

// The machine running CI may be busy: wait on conditions longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const schema = z.object({ name: requiredText('Nama harus diisi'), is_allow: z.boolean() });
type Values = z.input<typeof schema>;
const record: Values = { name: 'WhatsApp', is_allow: false };
const empty: Values = { name: '', is_allow: false };

function Harness({
  initialMode,
  onSubmit = vi.fn(() => Promise.resolve()),
  onDelete = vi.fn(() => Promise.resolve()),
  canEdit,
}: {
  initialMode: FormModalMode;
  onSubmit?: (values: z.output<typeof schema>, mode: 'add' | 'edit') => Promise<unknown>;
  onDelete?: () => Promise<unknown>;
  canEdit?: boolean;
}) {
  const [mode, setMode] = useState(initialMode);
  const [show, setShow] = useState(true);
  return (
    <>
      <p>terbuka: {String(show)}</p>
      <FormModal
        show={show}
        mode={mode}
        onModeChange={setMode}
        onClose={() => setShow(false)}
        title="Blacklist App"
        schema={schema}
        values={initialMode === 'add' ? empty : record}
        onSubmit={onSubmit}
        onDelete={onDelete}
        canEdit={canEdit}
      >
        <TextField<Values> name="name" label="Nama" required />
        <SwitchField<Values> name="is_allow" label="Blacklist" />
      </FormModal>
    </>
  );
}

const footerButtons = () =>
  within(screen.getByRole('dialog', { name: 'Blacklist App' }))
    .getAllByRole('button')
    .map((button) => button.textContent?.trim() || button.getAttribute('aria-label'));

describe('FormModal', () => {
  it('view mode: the record read-only, Hapus and Ubah; Ubah edits, Batal restores the record', async () => {
    const user = userEvent.setup();
    render(<Harness initialMode="view" />);
    const dialog = await screen.findByRole('dialog', { name: 'Blacklist App' });
    expect(footerButtons()).toEqual(['Tutup', 'Hapus', 'Ubah']);
    expect(within(dialog).getByLabelText(/Nama/)).toHaveValue('WhatsApp');
    expect(within(dialog).getByLabelText(/Nama/)).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Ubah' }));
    expect(footerButtons()).toEqual(['Tutup', 'Batal', 'Perbarui']);
    const name = within(dialog).getByLabelText(/Nama/);
    expect(name).toBeEnabled();
    expect(name).toHaveFocus();
    await user.clear(name);
    await user.type(name, 'Telegram');
    await user.click(within(dialog).getByRole('switch', { name: 'Blacklist' }));

    // The edited form asks before Batal throws the input away.
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Tutup form?' })).getByRole('button', { name: 'Buang isian' }));
    expect(footerButtons()).toEqual(['Tutup', 'Hapus', 'Ubah']);
    expect(within(dialog).getByLabelText(/Nama/)).toHaveValue('WhatsApp');
    expect(within(dialog).getByRole('switch', { name: 'Blacklist' })).not.toBeChecked();
  });

  it('without the update flag view mode has no Ubah', async () => {
    render(<Harness initialMode="view" canEdit={false} />);
    await screen.findByRole('dialog');
    expect(footerButtons()).toEqual(['Tutup', 'Hapus']);
  });

  it('Hapus asks "Hapus data?" and deletes only when confirmed, then closes', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn(() => Promise.resolve());
    render(<Harness initialMode="view" onDelete={onDelete} />);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Hapus data?');
    await user.click(within(confirm).getByRole('button', { name: 'Batal' }));
    expect(onDelete).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Hapus' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByText('terbuka: false')).toBeInTheDocument());
  });

  it('add mode: empty form, Batal and Simpan; required message after the first submit; Simpan sends and closes', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((values: z.output<typeof schema>, mode: 'add' | 'edit') => {
      void values;
      void mode;
      return Promise.resolve();
    });
    render(<Harness initialMode="add" onSubmit={onSubmit} />);
    const dialog = await screen.findByRole('dialog');
    expect(footerButtons()).toEqual(['Tutup', 'Batal', 'Simpan']);
    expect(within(dialog).queryByText('Nama harus diisi')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Nama harus diisi')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText(/Nama/), '  Signal  ');
    // Enter submits, like the button.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Signal', is_allow: false }, 'add'));
    await waitFor(() => expect(screen.getByText('terbuka: false')).toBeInTheDocument());
  });

  it('a failed Perbarui keeps the modal open with every typed value and the server message on the field', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() => Promise.reject(new ApiError(422, 'Data tidak valid', { name: ['Nama sudah dipakai'] })));
    render(<Harness initialMode="edit" onSubmit={onSubmit} />);
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText(/Nama/);
    await user.clear(name);
    await user.type(name, 'Telegram');
    await user.click(within(dialog).getByRole('switch', { name: 'Blacklist' }));
    await user.click(within(dialog).getByRole('button', { name: 'Perbarui' }));

    expect(await within(dialog).findByText('Nama sudah dipakai')).toBeInTheDocument();
    expect(screen.getByText('terbuka: true')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Nama/)).toHaveValue('Telegram');
    expect(within(dialog).getByRole('switch', { name: 'Blacklist' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Perbarui' })).toBeEnabled();
  });

  it('a failed Hapus says why inside the modal', async () => {
    const user = userEvent.setup();
    render(<Harness initialMode="view" onDelete={() => Promise.reject(new ApiError(409, 'Data masih dipakai.'))} />);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Hapus' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Data masih dipakai.');
    expect(screen.getByText('terbuka: true')).toBeInTheDocument();
  });

  it('a filled form asks before Esc, the X or Batal closes it; Lanjut mengisi keeps every typed value', async () => {
    const user = userEvent.setup();
    render(<Harness initialMode="add" />);
    const dialog = await screen.findByRole('dialog', { name: 'Blacklist App' });
    const name = within(dialog).getByLabelText(/Nama/);
    await user.type(name, 'Signal');

    await user.keyboard('{Escape}');
    const question = await screen.findByRole('alertdialog', { name: 'Tutup form?' });
    expect(question).toHaveTextContent('Isian yang belum disimpan akan hilang.');
    expect(within(question).getByRole('button', { name: 'Lanjut mengisi' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Lanjut mengisi' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('terbuka: true')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Nama/)).toHaveValue('Signal');

    await user.click(within(dialog).getByRole('button', { name: 'Tutup' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Lanjut mengisi' }));
    expect(screen.getByText('terbuka: true')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Buang isian' }));
    await waitFor(() => expect(screen.getByText('terbuka: false')).toBeInTheDocument());
  });

  it('an untouched form closes at once', async () => {
    const user = userEvent.setup();
    render(<Harness initialMode="add" />);
    const dialog = await screen.findByRole('dialog', { name: 'Blacklist App' });
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('terbuka: false')).toBeInTheDocument());
  });

  it("a server validation error names the field, marks it invalid and focuses it, without a popup", async () => {
    const user = userEvent.setup();
    clearNotifications();
    const onSubmit = vi.fn(() => Promise.reject(new ApiError(422, 'Data tidak valid', { name: ['Nama sudah dipakai'] })));
    render(<Harness initialMode="add" onSubmit={onSubmit} />);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Nama/), 'Telegram');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    const name = within(dialog).getByLabelText(/Nama/);
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Nama sudah dipakai');
    expect(name).toHaveValue('Telegram');
    expect(getNotifications().popup).toBeNull();
  });

  it('a real failure (5xx, no connection) is the popup, not a message in the form, and the input stays', async () => {
    const user = userEvent.setup();
    clearNotifications();
    const onSubmit = vi.fn(() => Promise.reject(new ApiError(503, 'Mohon periksa koneksi internet dan coba beberapa saat lagi.')));
    render(<Harness initialMode="add" onSubmit={onSubmit} />);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Nama/), 'Telegram');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(getNotifications().popup?.message).toBe('Mohon periksa koneksi internet dan coba beberapa saat lagi.'));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Nama/)).toHaveValue('Telegram');
    expect(screen.getByText('terbuka: true')).toBeInTheDocument();
    clearNotifications();
  });
});
