import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDuration,
  formatDatesIn,
  formatHours,
  formatTableDate,
  formatTableDateTime,
  formatTime,
  toApiDate,
  zoneLabel,
} from '../dates';

describe('dates', () => {
  it('sends YYYY-MM-DD and shows Indonesian month names', () => {
    expect(toApiDate(new Date(2025, 0, 5))).toBe('2025-01-05');
    expect(formatDate('2025-08-17')).toBe('17 Agustus 2025');
    expect(formatDate('bukan tanggal')).toBe('');
  });

  it('writes table dates short and heading dates long', () => {
    expect(formatTableDate('2026-11-27')).toBe('27 Nov 2026');
    expect(formatTableDate('2026-08-17')).toBe('17 Agt 2026');
    expect(formatDate('2026-11-27')).toBe('27 November 2026');
  });

  it('writes times HH.mm with the zone label', () => {
    expect(zoneLabel('Asia/Jakarta')).toBe('WIB');
    expect(zoneLabel('Asia/Makassar')).toBe('WITA');
    expect(zoneLabel('Asia/Jayapura')).toBe('WIT');
    expect(zoneLabel('WITA')).toBe('WITA');
    expect(formatTime('07:05:09', 'Asia/Makassar')).toBe('07.05 WITA');
    expect(formatTime('7:05')).toBe('07.05');
    expect(formatTime('2026-11-27 23:30:00', 'Asia/Jayapura')).toBe('23.30 WIT');
  });

  it('labels server moments with the server zone', () => {
    expect(formatDateTime('2025-12-01T07:05:00')).toBe('1 Desember 2025 07.05 WIB');
    expect(formatDateTime('2025-12-01 07:05:00')).toBe('1 Desember 2025 07.05 WIB');
    expect(formatTableDateTime('2025-12-01 07:05:00', 'Asia/Makassar')).toBe('1 Des 2025 07.05 WITA');
    expect(formatDateTime('2025-12-01 07:05:00', null)).toBe('1 Desember 2025 07.05');
    expect(formatDateTime('')).toBe('');
  });

  it('writes durations in hours and minutes', () => {
    expect(formatDuration(45)).toBe('45 menit');
    expect(formatDuration(120)).toBe('2 jam');
    expect(formatDuration(65)).toBe('1 jam 5 menit');
    expect(formatDuration(null)).toBe('-');
    expect(formatDuration(1431 * 60)).toBe('1.431 jam');
  });

  it('writes overtime given in hours as a duration', () => {
    expect(formatHours(0.55)).toBe('33 menit');
    expect(formatHours(1.5)).toBe('1 jam 30 menit');
    expect(formatHours(0)).toBe('0 menit');
    expect(formatHours(null)).toBe('-');
  });

  it('rewrites the dates and times of a stored text', () => {
    expect(formatDatesIn('2026-11-29')).toBe('29 Nov 2026');
    expect(formatDatesIn('2026-11-29 12:22:05')).toBe('29 Nov 2026 12.22 WIB');
    expect(formatDatesIn('09:34:16')).toBe('09.34');
    expect(formatDatesIn('Budi Santoso, 2026-11-29')).toBe('Budi Santoso, 29 Nov 2026');
    expect(formatDatesIn('2026.00289 Budi')).toBe('2026.00289 Budi');
    expect(formatDatesIn('Catatan Penolakan')).toBe('Catatan Penolakan');
  });
});
