import { sqlState } from '../db/sql-state.js';

export { isContention, sqlState } from '../db/sql-state.js';

/** True when a database error (possibly wrapped by Drizzle) is a unique violation, optionally of one index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let e = error as { code?: string; constraint?: string; cause?: unknown; message?: string } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (e.code === '23505') {
      return !constraint || e.constraint === constraint || Boolean(e.message?.includes(constraint));
    }
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * A sentence for a database "data exception" (SQLSTATE class 22: a value the
 * column or the statement cannot take), or undefined for any other error.
 * The schemas refuse such values first (docs/api.md, "Bad input"); this is
 * the net under them, so a value they let through is a 400, never a 500.
 * The sentence says what kind of value, never the value or the statement.
 */
export function dataExceptionMessage(error: unknown): string | undefined {
  const state = sqlState(error);
  if (!state?.startsWith('22')) return undefined;
  if (state === '22003') return 'A number in the request is too large to store';
  if (state === '22021' || state === '22P05') return 'The request holds text that can not be stored';
  if (state === '22001') return 'A text in the request is too long to store';
  return 'A value in the request can not be stored';
}
