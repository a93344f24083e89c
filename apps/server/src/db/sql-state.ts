/** The SQLSTATE of a database error (possibly wrapped by Drizzle), or undefined. */
export function sqlState(error: unknown): string | undefined {
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/**
 * True when the database gave up a transaction because of another one: a serialization failure
 * (40001) or a deadlock (40P01). Nothing of it was written; run again, it normally succeeds.
 */
export function isContention(error: unknown): boolean {
  const state = sqlState(error);
  return state === '40001' || state === '40P01';
}
