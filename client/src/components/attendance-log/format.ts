const numberFormat = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 });

/** A number the Indonesian way (decimal comma): 87.5 → '87,5'. */
export function formatNumber(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? numberFormat.format(value) : '-';
}

/** The date part of 'YYYY-MM-DD HH:mm:ss'. */
export function datePart(dateTime: string): string {
  return dateTime.slice(0, 10);
}

/** The time part of 'YYYY-MM-DD HH:mm:ss'. */
export function timePart(dateTime: string): string {
  return dateTime.slice(11, 19);
}

export function googleMapsUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps?q=${latitude},${longitude}`;
}

export function googleDirectionsUrl(from: [number, number], to: [number, number]): string {
  return `https://www.google.com/maps/dir/?api=1&origin=${from[0]},${from[1]}&destination=${to[0]},${to[1]}`;
}
