import { formatTime } from '@/lib/dates';

export { formatDistance, formatNumber, formatPercent } from '@/lib/format';

/** The date part of 'YYYY-MM-DD HH:mm:ss'. */
export function datePart(dateTime: string): string {
  return dateTime.slice(0, 10);
}

/** The time part of 'YYYY-MM-DD HH:mm:ss'. */
export function timePart(dateTime: string): string {
  return dateTime.slice(11, 19);
}

/** A log's time with its placement's zone, 'HH.mm' (DESIGN §18): '00:20:52', 'WITA' → '00.20 WITA' (README "Time zones"). */
export function zonedTime(time: string, zone: string | undefined): string {
  if (!time) return '';
  return formatTime(time, zone);
}

export function googleMapsUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps?q=${latitude},${longitude}`;
}

export function googleDirectionsUrl(from: [number, number], to: [number, number]): string {
  return `https://www.google.com/maps/dir/?api=1&origin=${from[0]},${from[1]}&destination=${to[0]},${to[1]}`;
}
