/**
 * The one Indonesian number formatter (Intl id-ID) of the client: every count, score, percentage and
 * distance on screen goes through it, so "8.482" reads the same on the dashboard, the sidebar, the
 * queues and the wall.
 */

const counts = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });
const decimals = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 });
const percents = new Intl.NumberFormat('id-ID', { style: 'percent', maximumFractionDigits: 1 });
const kilometres = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 });

const finite = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** A whole count: 8482 → '8.482'. */
export function formatCount(value: number | null | undefined): string {
  return finite(value) ? counts.format(value) : '-';
}

/** A number with up to two decimals, decimal comma: 87.5 → '87,5'. */
export function formatNumber(value: number | null | undefined): string {
  return finite(value) ? decimals.format(value) : '-';
}

/** A percentage given in points (0-100): 85.6 → '85,6%'. */
export function formatPercent(points: number | null | undefined): string {
  return finite(points) ? percents.format(points / 100) : '-';
}

/** A distance given in metres: below 1 km in whole metres ('850 m'), else in km ('12,9 km', '12.878 km'). */
export function formatDistance(metres: number | null | undefined): string {
  if (!finite(metres)) return '-';
  if (Math.abs(metres) < 1000) return `${counts.format(Math.round(metres))} m`;
  return `${kilometres.format(metres / 1000)} km`;
}

/**
 * The one leave balance notation (issue 28): the balance net of leave debt, in days; a debt reads
 * '-1 hari (hutang)'. `saldo` never goes below zero on the server (what it cannot cover is hutang),
 * but a preview's new balance may be negative: both read the same.
 */
export function formatLeaveBalance(saldo: number | null | undefined, hutang: number | null | undefined = 0): string {
  if (!finite(saldo)) return '-';
  const net = saldo - (finite(hutang) ? hutang : 0);
  return net < 0 ? `${counts.format(net)} hari (hutang)` : `${counts.format(net)} hari`;
}
