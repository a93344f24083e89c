import { groupThousands, todayIn } from '@wd/contracts';

export { formatDate, formatMoney, formatPercent } from '@wd/contracts';

const two = (n: number) => String(n).padStart(2, '0');

/** An ISO timestamp as MM-DD-YYYY h:mm AM/PM, in the browser's time zone ('' for none). */
export function formatTimestamp(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const hours = d.getHours() % 12 || 12;
  const half = d.getHours() < 12 ? 'AM' : 'PM';
  return `${two(d.getMonth() + 1)}-${two(d.getDate())}-${d.getFullYear()} ${hours}:${two(d.getMinutes())} ${half}`;
}

/** A whole number with thousands separators (quantities, counts), without Intl (see formatMoney). */
export function formatCount(n: number | undefined): string {
  const whole = Math.round(n ?? 0);
  return whole < 0 ? `-${groupThousands(-whole)}` : groupThousands(whole);
}

let timeZone: string | undefined;
/** The business's date as the server last said it, and the instant it ends (ms since 1970). */
let knownDay: { today: string; endsAt: number } | undefined;

/**
 * The business's time zone, as the settings' answer names it (lib/settings sets it), with the date
 * there and the instant that date ends, when the answer says them.
 */
export function setBusinessTimeZone(zone: string, today?: string, todayEndsAt?: string): void {
  timeZone = zone;
  const endsAt = todayEndsAt ? Date.parse(todayEndsAt) : Number.NaN;
  knownDay = today && Number.isFinite(endsAt) ? { today, endsAt } : undefined;
}

/**
 * Today where the business is (YYYY-MM-DD): a new record's date, the day of Routes Today, a
 * settlement, a load sheet, the invoice list's first period. The server's answer says the date and
 * until when it holds: until then no date format is made (the first one loads the locale's data,
 * about 20 ms on a phone, in the middle of the first list's render). After it, or before the
 * answer, the date is worked out in the business's zone, or the browser's until the server has
 * named one (looked up once). A clerk whose browser is in another zone, or a machine left on UTC,
 * still works on the business's date.
 */
export const businessToday = () => {
  if (knownDay && Date.now() < knownDay.endsAt) return knownDay.today;
  timeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return todayIn(timeZone);
};
