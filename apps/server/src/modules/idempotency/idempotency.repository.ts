import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema/index.js';

export type KeyRow = typeof idempotencyKeys.$inferSelect;
const byKey = (scope: number, key: string) => and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

export const idempotencyRepository = {
  /** Takes the key for a first request (its own statement, committed at once); false when it is taken. */
  async claim(db: Tx, row: { scope: number; key: string; fingerprint: string; method: string; path: string }) {
    const taken = await db
      .insert(idempotencyKeys)
      .values(row)
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    return taken.length === 1;
  },

  async find(db: Tx, scope: number, key: string): Promise<KeyRow | undefined> {
    const [row] = await db.select().from(idempotencyKeys).where(byKey(scope, key));
    return row;
  },

  /** In the change's own transaction: the key's change is committed exactly when the change is. */
  async markApplied(tx: Tx, scope: number, key: string) {
    await tx.update(idempotencyKeys).set({ applied: true }).where(byKey(scope, key));
  },

  /** Stores the first request's answer for repeats (`appliedOnly`: only if its change committed). */
  async answer(
    db: Tx,
    scope: number,
    key: string,
    answer: { status: number; contentType: string | null; body: Buffer },
    appliedOnly = false,
  ) {
    await db
      .update(idempotencyKeys)
      .set(answer)
      .where(and(byKey(scope, key), appliedOnly ? eq(idempotencyKeys.applied, true) : undefined));
  },

  /** Gives the key back: its request changed nothing and did not answer in a way worth repeating. */
  async release(db: Tx, scope: number, key: string) {
    await db.delete(idempotencyKeys).where(and(byKey(scope, key), eq(idempotencyKeys.applied, false)));
  },

  /**
   * Takes over a key whose first request stopped without answering (its process ended) and
   * changed nothing, claimed longer than `staleSeconds` ago; false when it is not such a key.
   */
  async takeOver(db: Tx, scope: number, key: string, staleSeconds: number) {
    const taken = await db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now()` })
      .where(
        and(
          byKey(scope, key),
          isNull(idempotencyKeys.status),
          eq(idempotencyKeys.applied, false),
          lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${staleSeconds})`),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    return taken.length === 1;
  },

  /** Forgets the keys older than `hours`. */
  async purge(db: Tx, hours: number) {
    await db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${hours})`));
  },
};
