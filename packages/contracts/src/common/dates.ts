// Dates travel and are stored as YYYY-MM-DD and are shown as MM-DD-YYYY.

/** `2026-01-31` → `01-31-2026`; anything else is returned as it came. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[2]}-${m[3]}-${m[1]}` : value;
}

/**
 * What a user typed as MM-DD-YYYY (or MM/DD/YYYY) → `YYYY-MM-DD`; null when
 * it is not that shape or not a day of the calendar (`02-30-2026`).
 */
export function parseDate(text: string): string | null {
  const m = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(text.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[1]}-${m[2]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

// One date format per time zone, kept: making one costs far more than using it, and screens ask
// for today's date on every render.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** Today's date (YYYY-MM-DD) in a time zone, America/Chicago by default. */
export function todayIn(timeZone = 'America/Chicago', now: Date = new Date()): string {
  const parts = dayFormat(timeZone).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * The instant (milliseconds since 1970) at which today's date in a time zone ends: the first
 * millisecond of the next date there. Found by bisection over the next 50 hours, so a day of 23 or
 * 25 hours (a change of clocks) ends when it does there.
 */
export function dayEndIn(timeZone: string, now: Date = new Date()): number {
  const today = todayIn(timeZone, now);
  let low = now.getTime(); // still today
  let high = low + 50 * 3_600_000; // a later date
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (todayIn(timeZone, new Date(middle)) === today) low = middle;
    else high = middle;
  }
  return high;
}

/** Adds whole days to a YYYY-MM-DD date (negative days go back). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to`, both YYYY-MM-DD. */
export function daysBetween(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A half-open date range [from, until), both YYYY-MM-DD. */
export interface DateRange {
  from: string;
  until: string;
}

/** Month 1–12 of a year → [first day, first day of the next month). */
export function monthRange(year: number, month: number): DateRange {
  const next = month === 12 ? { y: year + 1, m: 1 } : { y: year, m: month + 1 };
  return { from: `${pad(year, 4)}-${pad(month)}-01`, until: `${pad(next.y, 4)}-${pad(next.m)}-01` };
}

/** A calendar year → [January 1st, January 1st of the next year). */
export function yearRange(year: number): DateRange {
  return { from: `${pad(year, 4)}-01-01`, until: `${pad(year + 1, 4)}-01-01` };
}
