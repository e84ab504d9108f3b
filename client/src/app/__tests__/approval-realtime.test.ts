import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APPROVAL_ATTENDANCE_TOPIC,
  APPROVAL_IZIN_TOPIC,
  attendanceApproverTypes,
  attendanceWaitingTotal,
  beginOwnDecision,
  endOwnDecision,
  getHighlighted,
  HIGHLIGHT_MS,
  resetWaiting,
  shouldCloseDetail,
  subscribeDecided,
  useWaitingState,
  type DecidedNotice,
} from '@/lib/live-queue';
import { approvalAttendanceKeys, queueRowMayMatch } from '@/features/approval-attendance/realtime';
import { approvalIzinKeys, type IzinRow } from '@/features/approval-izin/realtime';
import type { AttendanceQueueRow } from '@/components/attendance-log/types';
import type { ListPage } from '@/lib/list';
import { createDispatcher, topicRegistry } from '@/lib/realtime';
import { renderHook } from '@testing-library/react';

function row(hashId: string, extra: Partial<AttendanceQueueRow> = {}): AttendanceQueueRow {
  return {
    hash_id: hashId,
    employee_number_formatted: '2020.00001',
    employee_name: `Karyawan ${hashId}`,
    log_datetime: '2026-11-21 08:00:00',
    log_date: '2026-11-21',
    log_timezone: 'WIB',
    employee_photo_url: '',
    log_photo: '',
    log_type: 'check_in',
    location: 0,
    fr_accuracy: 90,
    man_power_type: 'office',
    man_power_name: 'Kantor Pusat',
    risk: { level: 'low', score: 0, reasons: [] },
    suggested_man_power: null,
    ...extra,
  };
}

const page = <Row>(rows: Row[], total = rows.length): ListPage<Row> => ({ rows, total, recordsTotal: total });

const ALL_PARAMS = { status: 'waiting_approval', page: 1, per_page: 10 };
const CHECK_OUT_PARAMS = { status: 'waiting_approval', page: 1, per_page: 10, log_type: 'check_out' };
const SITE_PARAMS = { status: 'waiting_approval', page: 1, per_page: 10, man_power_type: 'site' };

function setup() {
  const queryClient = new QueryClient();
  const dispatcher = createDispatcher(queryClient, topicRegistry);
  queryClient.setQueryData(approvalAttendanceKeys.list(ALL_PARAMS), page([row('a'), row('b')], 12));
  queryClient.setQueryData(
    approvalAttendanceKeys.list(CHECK_OUT_PARAMS),
    page([row('c', { log_type: 'check_out' })], 1),
  );
  queryClient.setQueryData(approvalAttendanceKeys.list(SITE_PARAMS), page([], 0));
  dispatcher.handle({
    op: 'subscribed',
    topic: APPROVAL_ATTENDANCE_TOPIC,
    version: 1,
    snapshot: { waiting_by_type: { office: 12 } },
  });
  dispatcher.handle({ op: 'subscribed', topic: APPROVAL_IZIN_TOPIC, version: 1, snapshot: { waiting: 4 } });
  const invalidated = () =>
    queryClient
      .getQueryCache()
      .findAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey);
  return { queryClient, dispatcher, invalidated };
}

const waiting = () => renderHook(() => useWaitingState()).result.current;

beforeEach(() => {
  vi.useFakeTimers();
  resetWaiting();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('approval.attendance "entered"', () => {
  it('refetches the lists the new row may join, highlights it briefly and takes the new counts', () => {
    const { dispatcher, invalidated } = setup();
    dispatcher.handle({
      op: 'event',
      topic: APPROVAL_ATTENDANCE_TOPIC,
      version: 2,
      type: 'entered',
      data: { row: row('new'), waiting_by_type: { office: 13, site: 2 } },
    });
    expect(invalidated()).toEqual([approvalAttendanceKeys.list(ALL_PARAMS)]);
    expect(getHighlighted().has('new')).toBe(true);
    expect(waiting().attendanceByType).toEqual({ office: 13, site: 2 });
    vi.advanceTimersByTime(HIGHLIGHT_MS + 1);
    expect(getHighlighted().has('new')).toBe(false);
  });

  it('tells which list filters a row can match', () => {
    const office = row('x');
    expect(queueRowMayMatch(ALL_PARAMS, office)).toBe(true);
    expect(queueRowMayMatch(CHECK_OUT_PARAMS, office)).toBe(false);
    expect(queueRowMayMatch(SITE_PARAMS, office)).toBe(false);
    expect(queueRowMayMatch({ location: '1' }, office)).toBe(false);
    expect(queueRowMayMatch({ location: '0', man_power_name: 'Kantor Pusat' }, office)).toBe(true);
    expect(queueRowMayMatch({ man_power_name: 'Kantor Cabang' }, office)).toBe(false);
  });
});

describe('approval.attendance "left"', () => {
  it('removes the row from every cached list at once and lowers the totals', () => {
    const { queryClient, dispatcher } = setup();
    dispatcher.handle({
      op: 'event',
      topic: APPROVAL_ATTENDANCE_TOPIC,
      version: 2,
      type: 'left',
      data: { hash_id: 'a', status: 'manual_approved', decided_by_name: 'Budi', waiting_by_type: { office: 11 } },
    });
    const list = queryClient.getQueryData<ListPage<AttendanceQueueRow>>(approvalAttendanceKeys.list(ALL_PARAMS));
    expect(list?.rows.map((item) => item.hash_id)).toEqual(['b']);
    expect(list?.total).toBe(11);
    expect(
      queryClient.getQueryData<ListPage<AttendanceQueueRow>>(approvalAttendanceKeys.list(CHECK_OUT_PARAMS))?.total,
    ).toBe(1);
    expect(waiting().attendanceByType).toEqual({ office: 11 });
  });

  it('announces the decision so an open detail can close', () => {
    const { dispatcher } = setup();
    const notices: DecidedNotice[] = [];
    const unsubscribe = subscribeDecided((notice) => notices.push(notice));
    dispatcher.handle({
      op: 'event',
      topic: APPROVAL_ATTENDANCE_TOPIC,
      version: 2,
      type: 'left',
      data: { hash_id: 'b', status: 'rejected', decided_by_name: 'Sari', waiting_by_type: { office: 11 } },
    });
    unsubscribe();
    expect(notices).toEqual([
      { topic: APPROVAL_ATTENDANCE_TOPIC, hash_id: 'b', status: 'rejected', decided_by_name: 'Sari' },
    ]);
  });
});

describe('shouldCloseDetail', () => {
  it("closes only the detail of that log, and not when the decision is this tab's own", () => {
    expect(shouldCloseDetail('a', { hash_id: 'a' }, () => false)).toBe(true);
    expect(shouldCloseDetail('a', { hash_id: 'b' }, () => false)).toBe(false);
    expect(shouldCloseDetail(null, { hash_id: 'a' }, () => false)).toBe(false);
    expect(shouldCloseDetail('a', { hash_id: 'a' }, () => true)).toBe(false);
  });

  it('treats a log as mine while deciding it and a few seconds after the answer', () => {
    beginOwnDecision('mine');
    expect(shouldCloseDetail('mine', { hash_id: 'mine' })).toBe(false);
    endOwnDecision('mine');
    expect(shouldCloseDetail('mine', { hash_id: 'mine' })).toBe(false);
    vi.advanceTimersByTime(6000);
    expect(shouldCloseDetail('mine', { hash_id: 'mine' })).toBe(true);
  });
});

describe('waiting counts', () => {
  it('sums the waiting logs over the types the user approves or rejects', () => {
    const officeOnly = {
      allow_approved_attendance: 1,
      allow_approved_attendance_office: 1,
      allow_rejected_attendance: 1,
      allow_rejected_attendance_office: 1,
    };
    expect(attendanceApproverTypes(officeOnly)).toEqual(['office']);
    expect(attendanceWaitingTotal({ office: 3, site: 9 }, officeOnly)).toBe(3);
    // A type flag without its base flag grants nothing.
    expect(attendanceApproverTypes({ allow_approved_attendance_site: 1 })).toEqual([]);
    const everything = Object.fromEntries(
      ['approved', 'rejected'].flatMap((kind) => [
        [`allow_${kind}_attendance`, 1],
        ...['office', 'pool', 'site', 'tug_boat'].map((type) => [`allow_${kind}_attendance_${type}`, 1]),
      ]),
    );
    expect(attendanceWaitingTotal({ office: 3, site: 9, pool: 1 }, everything)).toBe(13);
    expect(attendanceWaitingTotal(null, everything)).toBeNull();
  });
});

describe('approval.izin', () => {
  const izin = (hashId: string, status = 'waiting_approval'): IzinRow => ({
    hash_id: hashId,
    name: 'Ani',
    employee_number_formatted: '2020.00001',
    label: 'Izin',
    date_formatted: '1 Desember 2026',
    total_days: 1,
    approval_user_name: 'Budi',
    status,
    overdue: false,
    waiting_since: '2026-12-01T08:00:00+07:00',
  });

  it('"created" refetches the lists and the month count and highlights the new request', () => {
    const { queryClient, dispatcher, invalidated } = setup();
    queryClient.setQueryData(approvalIzinKeys.list({ year: 2026 }), page([izin('p')]));
    queryClient.setQueryData(approvalIzinKeys.count(11, 2026), 3);
    dispatcher.handle({
      op: 'event',
      topic: APPROVAL_IZIN_TOPIC,
      version: 2,
      type: 'created',
      data: { row: izin('q'), waiting: 5 },
    });
    expect(invalidated()).toEqual(
      expect.arrayContaining([approvalIzinKeys.list({ year: 2026 }), approvalIzinKeys.count(11, 2026)]),
    );
    expect(getHighlighted().has('q')).toBe(true);
    expect(waiting().izin).toBe(5);
  });

  it('"decided" changes the row in place and announces who decided', () => {
    const { queryClient, dispatcher } = setup();
    queryClient.setQueryData(approvalIzinKeys.list({ year: 2026 }), page([izin('p'), izin('r')]));
    const notices: DecidedNotice[] = [];
    const unsubscribe = subscribeDecided((notice) => notices.push(notice));
    dispatcher.handle({
      op: 'event',
      topic: APPROVAL_IZIN_TOPIC,
      version: 2,
      type: 'decided',
      data: { hash_id: 'p', status: 'approved', decided_by_name: 'Sari', row: izin('p', 'approved'), waiting: 3 },
    });
    unsubscribe();
    const list = queryClient.getQueryData<ListPage<IzinRow>>(approvalIzinKeys.list({ year: 2026 }));
    expect(list?.rows.map((item) => [item.hash_id, item.status])).toEqual([
      ['p', 'approved'],
      ['r', 'waiting_approval'],
    ]);
    expect(notices[0]).toMatchObject({ topic: APPROVAL_IZIN_TOPIC, hash_id: 'p', decided_by_name: 'Sari' });
    expect(waiting().izin).toBe(3);
  });
});
