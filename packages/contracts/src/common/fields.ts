import { hasAtMostTwoDecimals, MAX_DOLLARS } from './money.js';
import { z } from './zod.js';

/**
 * The primitives every request field is built from (docs/api.md, "Bad
 * input"), so that what the database cannot store is refused with a 400 that
 * names the field instead of failing inside a statement:
 *
 * - `text()`: a string without NUL characters (PostgreSQL text cannot hold
 *   them) and without lone UTF-16 surrogates (they are not Unicode, and the
 *   audit log's JSON refuses them). Chain `.trim()`, `.min()`, `.max()` on it.
 * - `id()`: a positive whole number that fits the 32-bit id columns.
 * - `dollars()` and its kin: money on the wire, at most two decimals.
 * - `isoDate()`: a date as YYYY-MM-DD.
 *
 * The formats and constants of the same kinds (money, dates, calls) live in
 * modules without zod, which the browser's start-up loads alone.
 */

/** The largest value of a 32-bit `integer` column: ids, quantities, money in cents. */
export const MAX_INT = 2_147_483_647;
/** The smallest value of a 32-bit `integer` column. */
export const MIN_INT = -2_147_483_648;

export const TEXT_MESSAGES = {
  nul: 'must not contain NUL characters',
  surrogate: 'must not contain unpaired UTF-16 surrogates',
} as const;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when text holds a NUL character. */
export function hasNul(value: string): boolean {
  return value.includes('\u0000');
}

/** True when text holds a high surrogate without its low one, or a low one alone. */
export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/** A string the database can store as text: no NUL, no lone surrogate. */
export const text = () =>
  z
    .string()
    .refine((v) => !hasNul(v), { message: TEXT_MESSAGES.nul })
    .refine((v) => !hasLoneSurrogate(v), { message: TEXT_MESSAGES.surrogate });

/**
 * A record's id in a body: a positive whole number that fits the id columns.
 * The range is checked before "whole number", so 2^53 + 1 is answered with
 * the id columns' bound rather than JavaScript's.
 */
export const id = () => z.number().min(1).max(MAX_INT).int();

/** An id where 0 means "none" (a walk-in invoice's customer). */
export const idOrZero = () => z.number().min(0).max(MAX_INT).int();

/**
 * Keys of an update that change nothing themselves: the record's id, and the
 * confirmation that lets an invoice's change pass its customer's credit limit
 * (it says the change may go ahead, not what changes).
 */
const NOT_A_CHANGE = new Set(['id', 'confirmCreditLimit']);

/**
 * A change (`…/update`) must say something besides the id: an update of
 * nothing is a client's mistake, answered 400 rather than a write of nothing.
 */
export function changesSomething(value: Record<string, unknown>): boolean {
  return Object.entries(value).some(([key, v]) => !NOT_A_CHANGE.has(key) && v !== undefined);
}
export const NOTHING_TO_CHANGE = { message: 'must hold at least one field to change besides id' } as const;

/** Route parameter `:id`: a positive whole number that fits the id columns. */
export const idParams = z.object({ id: z.coerce.number().min(1).max(MAX_INT).int() });
/** Bulk operations: `{ ids: number[] }`. */
export const idsBody = z.object({ ids: z.array(id()).min(1).max(10_000) });

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

/** A date on the wire: YYYY-MM-DD (dates travel and are stored so, and are shown as MM-DD-YYYY). */
export const isoDate = () => z.iso.date();
