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
