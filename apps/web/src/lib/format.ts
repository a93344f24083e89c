import { todayIn } from '@wd/contracts';

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

/** A whole number with thousands separators (quantities, counts). */
export const formatCount = (n: number | undefined) => Math.round(n ?? 0).toLocaleString('en-US');

let timeZone: string | undefined;

/** The business's time zone, as the settings' answer names it (lib/settings sets it). */
export function setBusinessTimeZone(zone: string): void {
  timeZone = zone;
}

/**
 * Today where the business is (YYYY-MM-DD): a new record's date, the day of Routes Today, a
 * settlement, a load sheet. The server says which zone (the settings' answer); until it has, the
 * browser's zone stands in (looked up once: an Intl.DateTimeFormat is costly to make, and list
 * screens ask for today as they render). A clerk whose browser is in another zone, or a machine
 * left on UTC, still works on the business's date.
 */
export const businessToday = () => {
  timeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return todayIn(timeZone);
};
