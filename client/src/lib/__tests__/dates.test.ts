import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, toApiDate } from '../dates';

describe('dates', () => {
  it('sends YYYY-MM-DD and shows Indonesian month names', () => {
    expect(toApiDate(new Date(2025, 0, 5))).toBe('2025-01-05');
    expect(formatDate('2025-08-17')).toBe('17 Agustus 2025');
    expect(formatDateTime('2025-12-01T07:05:00')).toBe('1 Desember 2025 07:05');
    expect(formatDate('bukan tanggal')).toBe('');
  });
});
