/**
 * The text of the app's 24-hour time field (DESIGN §18: never the browser's `type="time"`, which
 * shows AM/PM on an English browser). People type '08:30', '8.30', '0830' or '8'; the API gets
 * 'HH:mm'.
 */

const TIME = /^(\d{1,2})(?:[:.]?(\d{2}))?(?:[:.](\d{2}))?$/;

/** Typed text → 'HH:mm'; '' for empty text, null when it is not a time of day. */
export function parseTimeText(text: string): string | null {
  const value = text.trim();
  if (!value) return '';
  const match = TIME.exec(value);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? '0');
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** 'YYYY-MM-DDTHH:mm' → its date and time parts ('' for a missing part). */
export function splitDateTime(value: string): { date: string; time: string } {
  const [date = '', time = ''] = value.split('T');
  return { date, time: time.slice(0, 5) };
}

/** The date and time parts → 'YYYY-MM-DDTHH:mm', or '' while either is missing. */
export function joinDateTime(date: string, time: string): string {
  return date && time ? `${date}T${time}` : '';
}
