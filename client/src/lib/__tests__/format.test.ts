import { describe, expect, it } from 'vitest';
import { formatCount, formatDistance, formatLeaveBalance, formatNumber, formatPercent } from '@/lib/format';

describe('the Indonesian formatter', () => {
  it('groups thousands with a dot', () => {
    expect(formatCount(8482)).toBe('8.482');
    expect(formatCount(1297)).toBe('1.297');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1_000_000)).toBe('1.000.000');
    expect(formatCount(undefined)).toBe('-');
  });

  it('writes decimals with a comma', () => {
    expect(formatNumber(87.5)).toBe('87,5');
    expect(formatNumber(5230.44)).toBe('5.230,44');
    expect(formatNumber(Number.NaN)).toBe('-');
  });

  it('writes percentages the Indonesian way', () => {
    expect(formatPercent(85.6)).toBe('85,6%');
    expect(formatPercent(95)).toBe('95%');
    expect(formatPercent(null)).toBe('-');
  });

  it('writes short distances in metres and long ones in kilometres', () => {
    expect(formatDistance(850)).toBe('850 m');
    expect(formatDistance(120.5)).toBe('121 m');
    expect(formatDistance(999.4)).toBe('999 m');
    expect(formatDistance(1000)).toBe('1 km');
    expect(formatDistance(12_878)).toBe('12,9 km');
    expect(formatDistance(12_878_000)).toBe('12.878 km');
    expect(formatDistance(undefined)).toBe('-');
  });

  it('writes a leave balance one way: net of debt, a debt marked (hutang)', () => {
    expect(formatLeaveBalance(12)).toBe('12 hari');
    expect(formatLeaveBalance(0)).toBe('0 hari');
    expect(formatLeaveBalance(0, 1)).toBe('-1 hari (hutang)');
    expect(formatLeaveBalance(-3)).toBe('-3 hari (hutang)');
    expect(formatLeaveBalance(5, 2)).toBe('3 hari');
    expect(formatLeaveBalance(undefined)).toBe('-');
  });
});
