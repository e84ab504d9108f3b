import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RejectNoteField } from '@/components/attendance-log/reject-note-field';
import { createQueryClient } from '@/lib/query-client';
import { saveSession, type UserAccess } from '@/lib/session';
import { jsonResponse } from '@/test/fetch';

configure({ asyncUtilTimeout: 5000 });

vi.mock('@/lib/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/realtime')>()),
  useTopic: () => undefined,
}));

const PRESETS = ['Lokasi tidak sesuai', 'Wajah tidak cocok', 'Di luar jam kerja'];
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockImplementation(async (input) =>
    String(input).includes('setting/rejection_notes')
      ? jsonResponse({ http_status: 200, message: '', data: { notes: PRESETS } })
      : jsonResponse({ http_status: 404, message: 'Tidak ditemukan.' }, 404),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function Note({ onNote }: { onNote: (note: string) => void }) {
  const [note, setNote] = useState('');
  return (
    <RejectNoteField
      controlId="note"
      value={note}
      problem=""
      autoFocus
      onChange={(value) => {
        setNote(value);
        onNote(value);
      }}
    />
  );
}

function renderField(access: UserAccess) {
  saveSession({ token: 'tok', profile: { fullname: 'Dewi' }, access, email: 'dewi@example.com', remember: false });
  const notes: string[] = [];
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Note onNote={(note) => notes.push(note)} />
    </QueryClientProvider>,
  );
  return notes;
}

describe('RejectNoteField with preset notes', () => {
  it('offers the presets before the note: reached by Shift+Tab, a pick fills the note, which stays editable', async () => {
    renderField({ allow_rejected_attendance: 1, allow_rejected_attendance_office: 1 });
    const note = screen.getByRole('textbox', { name: 'Catatan penolakan' });
    expect(note).toHaveFocus();
    const presets = await screen.findByRole('combobox', { name: 'Pilih catatan siap pakai' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '— Pilih catatan siap pakai —',
      ...PRESETS,
    ]);

    await userEvent.tab({ shift: true });
    expect(presets).toHaveFocus();
    await userEvent.selectOptions(presets, 'Wajah tidak cocok');
    expect(note).toHaveValue('Wajah tidak cocok');
    expect(presets).toHaveValue('Wajah tidak cocok');

    // Free text stays possible: editing the note leaves the list on its placeholder.
    await userEvent.tab();
    expect(note).toHaveFocus();
    await userEvent.type(note, ', ulangi absen');
    expect(note).toHaveValue('Wajah tidak cocok, ulangi absen');
    expect(presets).toHaveValue('');
    // Picking the placeholder keeps what was typed.
    await userEvent.selectOptions(presets, '');
    expect(note).toHaveValue('Wajah tidak cocok, ulangi absen');
  });

  it('is the plain note for a user who may not read the presets (no request made)', async () => {
    renderField({ allow_approved_attendance: 1 });
    expect(screen.getByRole('textbox', { name: 'Catatan penolakan' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('combobox')).not.toBeInTheDocument());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is the plain note when no presets are kept', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ http_status: 200, message: '', data: { notes: [] } }));
    renderField({ allow_reject_valid_attendance: 1 });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Catatan penolakan' })).toBeInTheDocument();
  });
});
