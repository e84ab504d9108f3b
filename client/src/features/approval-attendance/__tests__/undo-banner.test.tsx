import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AttendanceQueueRow } from '@/components/attendance-log/types';
import type { LastDecision } from '../api/last-decision';
import { needsRiskConfirm, RiskApproveConfirm } from '../components/risk-approve-confirm';
import { formatRemaining, isUndoable, lastDecisionLabel, UndoBanner } from '../components/undo-banner';

const NOW = Date.parse('2026-11-27T05:00:00Z');

function last(extra: Partial<LastDecision> = {}): LastDecision {
  return {
    batch: 'B1',
    action: 'approve',
    count: 1,
    total: 1,
    employee_name: 'Budi Santoso',
    created: new Date(NOW).toISOString(),
    undo_until: new Date(NOW + 600_000).toISOString(),
    ...extra,
  };
}

function row(level: 'low' | 'medium' | 'high', reasons: string[] = []): AttendanceQueueRow {
  return {
    hash_id: 'LOG1',
    employee_number_formatted: '2020.00001',
    employee_name: 'Citra Dewi',
    log_datetime: '2026-11-27 08:01:00',
    log_date: '2026-11-27',
    log_timezone: 'WIB',
    employee_photo_url: '',
    log_photo: '',
    log_type: 'check_in',
    location: 1,
    fr_accuracy: 70,
    man_power_type: 'office',
    man_power_name: 'Kantor Pusat',
    risk: { level, score: 40, reasons: reasons.map((text) => ({ code: 'face', text })) },
    suggested_man_power: null,
  } as AttendanceQueueRow;
}

afterEach(() => vi.useRealTimers());

describe('the last action, named', () => {
  it('names a decision of one log by its employee and a bulk one by its count', () => {
    expect(lastDecisionLabel(last())).toBe('Urungkan: setujui Budi Santoso (1 absen)');
    expect(lastDecisionLabel(last({ action: 'reject' }))).toBe('Urungkan: tolak Budi Santoso (1 absen)');
    expect(lastDecisionLabel(last({ count: 79, total: 80, employee_name: '' }))).toBe('Urungkan: 79 absen disetujui');
    expect(lastDecisionLabel(last({ action: 'reject', count: 1234, total: 1234, employee_name: '' }))).toBe(
      'Urungkan: 1.234 absen ditolak',
    );
  });

  it('is undoable until its time is up, and never when there is none', () => {
    expect(isUndoable(last(), NOW + 599_000)).toBe(true);
    expect(isUndoable(last(), NOW + 600_000)).toBe(false);
    expect(isUndoable(null, NOW)).toBe(false);
    expect(isUndoable(undefined, NOW)).toBe(false);
    expect(formatRemaining(61_001)).toBe('1:02');
    expect(formatRemaining(-5)).toBe('0:00');
  });

  it('the banner names it with the time left, undoes it on click and leaves when the time is up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW + 598_000);
    const onUndo = vi.fn();
    const onExpire = vi.fn();
    render(<UndoBanner last={last()} busy={false} onUndo={onUndo} onExpire={onExpire} />);
    const region = screen.getByRole('region', { name: 'Urungkan keputusan terakhir' });
    expect(region).toHaveTextContent('Keputusan terakhir Anda (dapat diurungkan 0:02 lagi)');
    const button = screen.getByRole('button', { name: 'Urungkan: setujui Budi Santoso (1 absen)' });
    expect(button).toHaveAttribute('aria-keyshortcuts', 'u');
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(button);
    expect(onUndo).toHaveBeenCalledTimes(1);
    expect(onExpire).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(3_000);
    });
    expect(onExpire).toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Urungkan keputusan terakhir' })).toBeNull();
  });
});

describe('a on a risky row', () => {
  it('asks first on medium and high risk only', () => {
    expect(needsRiskConfirm(row('low'))).toBe(false);
    expect(needsRiskConfirm(row('medium'))).toBe(true);
    expect(needsRiskConfirm(row('high'))).toBe(true);
  });

  it('names the risk reasons; Enter approves (the focused button), Esc cancels', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const risky = row('medium', ['Skor wajah 70 (ambang 75)', 'Perangkat baru']);
    const { rerender } = render(<RiskApproveConfirm row={risky} busy={false} onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = await screen.findByRole('dialog', { name: 'Setujui absen berisiko sedang?' });
    expect(dialog).toHaveTextContent('Citra Dewi, 27 November 2026 08.01 WIB. Alasan risiko:');
    expect(dialog).toHaveTextContent('Skor wajah 70 (ambang 75)');
    expect(dialog).toHaveTextContent('Perangkat baru');
    expect(screen.getByRole('button', { name: 'Setujui' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledWith(risky);

    rerender(<RiskApproveConfirm row={null} busy={false} onConfirm={onConfirm} onCancel={onCancel} />);
    rerender(<RiskApproveConfirm row={row('high', ['Jarak 5 km'])} busy={false} onConfirm={onConfirm} onCancel={onCancel} />);
    await screen.findByRole('dialog', { name: 'Setujui absen berisiko tinggi?' });
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
