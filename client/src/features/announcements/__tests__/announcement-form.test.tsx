import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import type { AnnouncementPayload } from '../api/save-announcement';
import { AnnouncementForm } from '../components/announcement-form';

const TAGS = [
  { id: 1, value: 'all', label: 'Semua' },
  { id: 2, value: 'office', label: 'Office' },
  { id: 3, value: 'pool', label: 'Pool' },
  { id: 4, value: 'site', label: 'Site' },
  { id: 5, value: 'tug_boat', label: 'Tug Boat' },
];

function renderForm(onSubmit: (payload: AnnouncementPayload) => Promise<unknown>) {
  render(<AnnouncementForm detail={null} tags={TAGS} titleId="t" title="Buat Pengumuman" onSubmit={onSubmit} onCancel={() => undefined} />);
}

describe('AnnouncementForm', () => {
  it('publishing needs title, tag, date and text, with the spec messages; nothing is sent', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => undefined);
    renderForm(onSubmit);
    await user.click(screen.getByRole('button', { name: 'Terbitkan' }));
    for (const message of [
      'Judul pengumuman wajib diisi',
      'Tag wajib diisi',
      'Tanggal wajib diisi',
      'Deskripsi pengumuman wajib diisi',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a draft needs only the title; the link loses its scheme later, the tags collapse to Semua', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (payload: AnnouncementPayload) => payload);
    renderForm(onSubmit);
    await user.type(screen.getByRole('textbox', { name: 'Judul' }), 'Rapat Bulanan');
    for (const label of ['Office', 'Pool', 'Site', 'Tug Boat']) await user.click(screen.getByRole('checkbox', { name: label }));
    expect(screen.getByRole('checkbox', { name: 'Semua' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Simpan draft' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ title: 'Rapat Bulanan', publish: false, tags: ['all'], publishedDate: '' });
  });

  it('a date earlier than the picker minimum is refused before sending', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => undefined);
    renderForm(onSubmit);
    // The app's own date and 24-hour time inputs, never the browser's datetime-local (DESIGN §18).
    await user.type(screen.getByRole('textbox', { name: 'Tanggal terbit: Tanggal' }), '01/01/2020');
    await user.type(screen.getByRole('textbox', { name: 'Tanggal terbit: Jam' }), '08:00');
    await user.click(screen.getByRole('button', { name: 'Terbitkan' }));
    expect(await screen.findByText('Tanggal terbit paling cepat 4 menit dari sekarang.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps what was typed and puts the server messages on the fields', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {
      throw new ApiError(422, 'Link tidak valid.', { url: ['Link tidak valid.'] });
    });
    renderForm(onSubmit);
    await user.type(screen.getByRole('textbox', { name: 'Judul' }), 'Rapat');
    await user.type(screen.getByRole('textbox', { name: 'Link' }), 'contoh id');
    await user.click(screen.getByRole('button', { name: 'Simpan draft' }));
    expect(await screen.findByText('Link tidak valid.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Judul' })).toHaveValue('Rapat');
    expect(screen.getByRole('textbox', { name: 'Link' })).toHaveAttribute('aria-invalid', 'true');
  });
});
