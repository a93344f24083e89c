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

/** Today in the browser's time zone (YYYY-MM-DD): a new record's date. */
export const localToday = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
