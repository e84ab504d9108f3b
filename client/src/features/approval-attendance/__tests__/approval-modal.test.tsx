import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttendanceLogDetail } from '@/components/attendance-log/types';
import { APPROVAL_ATTENDANCE_TOPIC } from '@/lib/live-queue';
import { clearNotifications, getNotifications } from '@/lib/notifications';
import { createDispatcher, topicRegistry } from '@/lib/realtime';
import { saveSession } from '@/lib/session';
import { jsonResponse } from '@/test/fetch';
import { ApprovalModal, decisionRights } from '../components/approval-modal';

const OFFICE_APPROVER = {
  allow_approved_attendance: 1,
  allow_approved_attendance_office: 1,
  allow_rejected_attendance: 1,
  allow_rejected_attendance_office: 1,
};

function detail(extra: Partial<AttendanceLogDetail> = {}): AttendanceLogDetail {
  return {
    hash_id: 'LOG1',
    employee_number_formatted: '2020.00001',
    employee_name: 'Ani Lestari',
    log_datetime: '2026-11-21 08:00:00',
    log_date: '2026-11-21',
    log_timezone: 'WIB',
    employee_photo_url: '',
    log_photo: '',
    log_type: 'check_in',
    location: 0,
    fr_accuracy: 91.5,
    man_power_type: 'office',
    man_power_name: 'Kantor Pusat',
    note: '',
    rejected_note: '',
    status: 'waiting_approval',
    status_code: 'waiting_approval',
    decided_by_name: '',
    decided_at: '',
    attendance_location_type: 'placement',
    man_power_team_name: 'Operasional',
    man_power_group_name: 'Grup 1',
    fr_is_match: 1,
    is_valid_location: 0,
    distance: 5230.4,
    latitude: -6.3,
    longitude: 106.9,
    man_power_latitude: -6.2,
    man_power_longitude: 106.8,
    man_power_max_radius: 150,
    is_valid_shift: 1,
    is_different_day: 0,
    attendance_date: '2026-11-21',
    log_time: '08:00:00',
    shift_pattern_code: 'KANTOR',
    shift_pattern_name: 'Kantor 5 hari',
    shift_code: 'PAGI',
    shift_name: 'Pagi',
    shift_time_in: '08:00:00',
    shift_time_out: '17:00:00',
    shift_break_start: '12:00:00',
    shift_break_end: '13:00:00',
    total_late_in_minutes: 0,
    service_type: 'personal',
    lend_employee_name: '',
    lend_employee_number_formatted: '',
    lend_employee_man_power: '',
    // As the server may send it: the own placement first. The modal lists nearest first.
    near_man_power_list: [
      { hash_id: 'MP2', name: 'Kantor Pusat', type: 'office', distance_m: 5230, is_own: true, man_power_name: 'Kantor Pusat', man_power_type: 'office', latitude: -6.2088, longitude: 106.8456, max_radius: 100, distance: 5230.4 },
      { hash_id: 'MP1', name: 'Kantor Cabang Bekasi', type: 'office', distance_m: 121, is_own: false, man_power_name: 'Kantor Cabang Bekasi', man_power_type: 'office', latitude: -6.2383, longitude: 106.9756, max_radius: 100, distance: 120.5 },
    ],
    risk: {
      level: 'high',
      score: 80,
      reasons: [
        { code: 'distance', text: 'Jarak 5,2 km dari Kantor Pusat (radius 150 m)' },
        { code: 'new_device', text: 'Perangkat baru' },
      ],
    },
    selectedManPower: null,
    near_man_power: null,
    ...extra,
  };
}

function renderModal(log: AttendanceLogDetail, access: Record<string, number> = OFFICE_APPROVER) {
  saveSession({ token: 't', profile: {}, access, email: 'b@example.com', remember: false });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const dispatcher = createDispatcher(queryClient, topicRegistry);
  dispatcher.handle({
    op: 'subscribed',
    topic: APPROVAL_ATTENDANCE_TOPIC,
    version: 1,
    snapshot: { waiting_by_type: { office: 1 } },
  });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <ApprovalModal hashId={log.hash_id} onClose={onClose} />
    </QueryClientProvider>,
  );
  const left = (version: number, decidedBy: string, hashId = log.hash_id) =>
    act(() =>
      dispatcher.handle({
        op: 'event',
        topic: APPROVAL_ATTENDANCE_TOPIC,
        version,
        type: 'left',
        data: {
          hash_id: hashId,
          status: 'manual_approved',
          decided_by_name: decidedBy,
          waiting_by_type: { office: 0 },
        },
      }),
    );
  return { onClose, left };
}

beforeEach(() => clearNotifications());
afterEach(() => vi.unstubAllGlobals());

describe('ApprovalModal', () => {
  it('closes with the notice "Data sudah diproses oleh <name>." when someone else decides the open log', async () => {
    const log = detail();
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => jsonResponse({ http_status: 200, message: '', data: log })),
    );
    const { onClose, left } = renderModal(log);
    await screen.findByRole('dialog', { name: 'Detail Kehadiran' });
    await screen.findByText('Ani Lestari');

    left(2, 'Administrator Sistem', 'OTHER');
    expect(onClose).not.toHaveBeenCalled();

    left(3, 'Administrator Sistem');
    expect(onClose).toHaveBeenCalledTimes(1);
    // A calm notice, not the blocking popup (DESIGN §18).
    expect(getNotifications().popup).toBeNull();
    expect(getNotifications().toasts).toEqual([expect.objectContaining({ kind: 'info', message: 'Data sudah diproses oleh Administrator Sistem.' })]);
  });

  it('lists the near placements nearest first with distances and the own one marked, starts at the nearest, and its own decision closes it silently', async () => {
    const user = userEvent.setup();
    const log = detail();
    let release: (response: Response) => void = () => {};
    const fetchMock = vi.fn<typeof fetch>(async (_input, init) => {
      if (init?.method === 'PATCH') return new Promise<Response>((resolve) => (release = resolve));
      return jsonResponse({ http_status: 200, message: '', data: log });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { onClose, left } = renderModal(log);
    const dialog = await screen.findByRole('dialog', { name: 'Detail Kehadiran' });
    await within(dialog).findByText('Ani Lestari');

    await user.click(within(dialog).getByRole('button', { name: 'Setujui' }));
    const group = within(dialog).getByRole('group', { name: 'Pilih man power terdekat' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('.form-check')?.textContent)).toEqual([
      'Kantor Cabang Bekasi (121 m)',
      'Kantor Pusat (5,2 km) Penempatan sendiri',
    ]);
    // The choice opens next to the buttons, starts at the nearest and takes the focus.
    expect(radios[0]).toBeChecked();
    expect(radios[0]).toHaveFocus();
    expect(within(dialog).queryByRole('button', { name: 'Tolak' })).not.toBeInTheDocument();

    await user.click(radios[1]);
    await user.click(within(dialog).getByRole('button', { name: 'Setujui' }));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(String(patch?.[0])).toBe('/api/web/v1/attendance_log/approve');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ id: 'LOG1', near_man_power: 'MP2' });

    // The queue event of my own approval may arrive before the answer: no "someone else" message.
    left(2, 'Budi Approver Kantor');
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => release(jsonResponse({ http_status: 200, message: 'Absen berhasil disetujui.', data: {} })));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(getNotifications().popup).toBeNull();
    expect(getNotifications().toasts.map((toast) => toast.message)).toEqual(['Absen berhasil disetujui.']);
  });

  it('shows the risk with its reasons, and its keys: a asks for the placement then approves at the nearest', async () => {
    const user = userEvent.setup();
    const log = detail();
    const fetchMock = vi.fn<typeof fetch>(async (_input, init) =>
      init?.method === 'PATCH'
        ? jsonResponse({ http_status: 200, message: 'Absen berhasil disetujui.', data: {} })
        : jsonResponse({ http_status: 200, message: '', data: log }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { onClose } = renderModal(log);
    const dialog = await screen.findByRole('dialog', { name: 'Detail Kehadiran' });
    const risk = await within(dialog).findByRole('region', { name: /^Alasan risiko/ });
    expect(risk).toHaveTextContent('Tinggi');
    expect(within(risk).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Jarak 5,2 km dari Kantor Pusat (radius 150 m)',
      'Perangkat baru',
    ]);

    await user.keyboard('a');
    expect(within(dialog).getByRole('radio', { name: /^Kantor Cabang Bekasi/ })).toBeChecked();
    await user.keyboard('a');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ id: 'LOG1', near_man_power: 'MP1' });
  });

  it('requires a rejection note before rejecting', async () => {
    const user = userEvent.setup();
    const log = detail({ is_valid_location: 1, location: 1 });
    const fetchMock = vi.fn<typeof fetch>(async (_input, init) =>
      init?.method === 'PATCH'
        ? jsonResponse({ http_status: 200, message: 'Absen berhasil ditolak.', data: {} })
        : jsonResponse({ http_status: 200, message: '', data: log }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { onClose } = renderModal(log);
    const dialog = await screen.findByRole('dialog', { name: 'Detail Kehadiran' });
    await within(dialog).findByText('Ani Lestari');
    await user.click(within(dialog).getByRole('button', { name: 'Tolak' }));
    expect(within(dialog).getByRole('textbox', { name: 'Catatan penolakan' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Tolak' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Catatan penolakan harus diisi');
    await user.type(within(dialog).getByRole('textbox', { name: 'Catatan penolakan' }), 'Foto buram');
    await user.click(within(dialog).getByRole('button', { name: 'Tolak' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ id: 'LOG1', note: 'Foto buram' });
  });

  it('without a reference photo shows the app score, not a match, and says why Tipe Layanan is off', async () => {
    const log = detail({ employee_photo_url: '', fr_accuracy: 95, fr_is_match: 1 });
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => jsonResponse({ http_status: 200, message: '', data: log })),
    );
    renderModal(log);
    const dialog = await screen.findByRole('dialog', { name: 'Detail Kehadiran' });
    expect(await within(dialog).findByText('Foto karyawan belum tersedia')).toBeInTheDocument();
    expect(within(dialog).getByText('Skor dari aplikasi 95%')).toBeInTheDocument();
    expect(within(dialog).queryByText('Wajah cocok')).not.toBeInTheDocument();
    const service = within(dialog).getByRole('tab', { name: 'Tipe Layanan' });
    expect(service).toHaveAttribute('title', expect.stringContaining('hanya berisi data untuk absen Lend'));
    expect(service).toHaveAccessibleDescription(expect.stringContaining('absen ini Personal'));
    // Said once, for the tab (its description and tooltip), not as a line under every tab's content.
    expect(within(dialog).getByText(/absen ini Personal/)).toHaveClass('visually-hidden');
  });

  it('shows the decisions only with the base flag and the right of the log type', () => {
    expect(decisionRights(OFFICE_APPROVER, 'office')).toEqual({ approve: true, reject: true });
    expect(decisionRights(OFFICE_APPROVER, 'site')).toEqual({ approve: false, reject: false });
    expect(
      decisionRights(
        { allow_approved_attendance_office: 1, allow_rejected_attendance: 1, allow_rejected_attendance_office: 1 },
        'office',
      ),
    ).toEqual({
      approve: false,
      reject: true,
    });
  });
});
