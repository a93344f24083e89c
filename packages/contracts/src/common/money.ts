import { z } from 'zod';

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

// Made at the first use: building a number format loads the locale's data, a few milliseconds
// that the web app's start-up (which formats no money before its first list) need not spend.
let usdFormat: Intl.NumberFormat | undefined;
const usd = () =>
  (usdFormat ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }));

/** `$1,234.50`, `-$1,234.50`. Takes dollars. */
export function formatMoney(dollars: number | null | undefined): string {
  const value = Number(dollars ?? 0);
  const cents = roundHalfAwayFromZero(value * 100);
  const text = usd().format(Math.abs(cents) / 100);
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

/** A dollar amount on the wire: a finite number of at most $21,474,836.47 either way, with at most two decimals. */
export const dollars = () =>
  z
    .number()
    .min(-MAX_DOLLARS)
    .max(MAX_DOLLARS)
    .refine(hasAtMostTwoDecimals, { message: 'must have at most two decimals' });

/** A dollar amount that may not be negative (at most $21,474,836.47). */
export const nonNegativeDollars = () =>
  z.number().min(0).max(MAX_DOLLARS).refine(hasAtMostTwoDecimals, { message: 'must have at most two decimals' });

/** A dollar amount more than 0 (a payment). */
export const positiveDollars = () => nonNegativeDollars().refine((v) => v > 0, { message: 'must be more than 0' });
