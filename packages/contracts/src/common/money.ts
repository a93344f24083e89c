/**
 * Money is integer cents inside; dollars (numbers with at most two decimals)
 * only at the API edge and on screen.
 */

/** Rounds half away from zero to a whole number (of cents). */
export function roundHalfAwayFromZero(value: number): number {
  // The epsilon absorbs binary noise such as 1.005 * 100 = 100.49999999999999.
  const rounded = Math.round(Math.abs(value) + 1e-9);
  return value < 0 ? -rounded : rounded;
}

/** Dollars (at most two decimals) to integer cents. */
export function toCents(dollars: number): number {
  return roundHalfAwayFromZero(dollars * 100);
}

/** Integer cents to dollars for the wire. */
export function toDollars(cents: number): number {
  return cents / 100;
}

/** True when a dollar amount has no more than two decimals. */
export function hasAtMostTwoDecimals(dollars: number): boolean {
  return Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
}

/** A whole number with a comma between each group of three digits (`1234567` → `1,234,567`). */
export function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * `$1,234.50`, `-$1,234.50`: dollars rounded to the cent (half away from zero). Written out rather
 * than with Intl.NumberFormat: the first Intl object of a page loads the locale's data (about 20 ms
 * on a phone, inside the first list's render), and a currency in US dollars needs none of it.
 */
export function formatMoney(dollars: number | null | undefined): string {
  const cents = roundHalfAwayFromZero(Number(dollars ?? 0) * 100);
  if (!Number.isFinite(cents)) return '$NaN';
  const abs = Math.abs(cents);
  const text = `$${groupThousands(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}

/** `12.34%`. */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return `${(roundHalfAwayFromZero(value * 100) / 100).toFixed(2)}%`;
}

/**
 * The most a money column holds: 2^31 − 1 cents ($21,474,836.47), since money
 * is stored as 32-bit integer cents. Every amount on the wire is bounded by it,
 * and so is every computed amount before it is stored (`fitsMoneyColumn`).
 */
export const MAX_CENTS = 2_147_483_647;
export const MAX_DOLLARS = MAX_CENTS / 100;

/** True when cents can be stored in a money column (a whole number within ±2^31). */
export function fitsMoneyColumn(cents: number): boolean {
  return Number.isSafeInteger(cents) && cents >= -MAX_CENTS - 1 && cents <= MAX_CENTS;
}
