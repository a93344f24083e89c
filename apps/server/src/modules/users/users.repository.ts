import type { ListFilter, User } from '@wd/contracts';
import { and, asc, count, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import { type Db, statementName, type Tx } from '../../db/client.js';
import { authFailures, sessions, users } from '../../db/schema/index.js';
import { listPage } from '../../lib/list.js';
import { searchCondition } from '../../lib/list-search.js';
import { recordRows } from '../../lib/table-rows.js';

/** The one select of a user as the API shows it (never the password hash); also the sortable columns. */
const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  type: users.type,
  driver: users.driver,
};
const userRows = recordRows(users, userColumns);

export const usersRepository = {
  list(db: Tx, filter: ListFilter) {
    return listPage(filter, {
      from: (fields) => db.select(fields).from(users),
      columns: userColumns,
      where: searchCondition(filter.searchQuery, [users.username, users.email, users.type]),
      sortable: userColumns,
      order: [asc(users.id)],
    });
  },

  async findById(db: Tx, id: number): Promise<User | undefined> {
    const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
    return row;
  },

  async findByUsername(db: Tx, username: string): Promise<User | undefined> {
    const [row] = await db.select(userColumns).from(users).where(sql`lower(${users.username}) = lower(${username})`);
    return row;
  },

  async findCredentials(db: Tx, username: string) {
    const [row] = await db
      .select({ ...userColumns, passwordHash: users.passwordHash })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    return row;
  },

  async usernameTaken(db: Tx, username: string, exceptId?: number): Promise<boolean> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.username}) = lower(${username})`, exceptId ? ne(users.id, exceptId) : undefined));
    return Boolean(row);
  },

  async count(db: Tx): Promise<number> {
    const [{ total }] = await db.select({ total: count() }).from(users);
    return total;
  },

  async countAdmins(db: Tx): Promise<number> {
    const [{ total }] = await db.select({ total: count() }).from(users).where(eq(users.type, 'admin'));
    return total;
  },

  async insert(db: Tx, values: typeof users.$inferInsert): Promise<User> {
    const [row] = await db.insert(users).values(values).returning(userColumns);
    return row;
  },

  /** Sets the given columns and answers the user (undefined when there is none); nothing to set only reads. */
  async update(db: Tx, id: number, values: Partial<typeof users.$inferInsert>): Promise<User | undefined> {
    return userRows.update(db, id, values);
  },

  /** Locks the admin rows so two concurrent demotions cannot both pass the "last admin" check. */
  async lockAdmins(db: Tx): Promise<void> {
    await db.execute(sql`select id from users where type = 'admin' for update`);
  },
};

const param = (name: string) => sql.placeholder(name);

/**
 * The session lookup of every authenticated call (and its once-a-minute touch)
 * as prepared statements, built once per database: building the drizzle select
 * cost more CPU than PostgreSQL spends answering it (docs/performance-products.md).
 * They run on the pool, never inside a transaction.
 */
function prepareSessionReads(db: Db) {
  return {
    findActive: db
      .select({ sessionId: sessions.id, lastUsedAt: sessions.lastUsedAt, ...userColumns })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, param('tokenHash')), gt(sessions.lastUsedAt, param('idleSince'))))
      .prepare(statementName(db, 'session_find_active')),
    touch: db
      .update(sessions)
      .set({ lastUsedAt: sql`${param('now')}::timestamptz` })
      .where(eq(sessions.id, param('sessionId')))
      .prepare(statementName(db, 'session_touch')),
  };
}
const preparedSessionReads = new WeakMap<Db, ReturnType<typeof prepareSessionReads>>();
function sessionReads(db: Db) {
  let reads = preparedSessionReads.get(db);
  if (!reads) {
    reads = prepareSessionReads(db);
    preparedSessionReads.set(db, reads);
  }
  return reads;
}

export const sessionsRepository = {
  async insert(db: Tx, userId: number, tokenHash: string) {
    const [row] = await db.insert(sessions).values({ userId, tokenHash }).returning({ id: sessions.id });
    return row;
  },

  /** The session of a token hash and its user, unless idle since `idleSince` (every authenticated call). */
  async findActive(db: Db, tokenHash: string, idleSince: Date) {
    const [row] = await sessionReads(db).findActive.execute({ tokenHash, idleSince: idleSince.toISOString() });
    return row;
  },

  async touch(db: Db, sessionId: number) {
    await sessionReads(db).touch.execute({ sessionId, now: new Date().toISOString() });
  },

  async delete(db: Tx, sessionId: number) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
  },

  /** Revokes every session of a user, except (optionally) the one making the change. */
  async deleteForUser(db: Tx, userId: number, keepSessionId?: number) {
    await db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
  },

  async deleteIdle(db: Tx, idleSince: Date) {
    await db.delete(sessions).where(lt(sessions.lastUsedAt, idleSince));
  },
};

/** Any fixed number: the first key of the two-key advisory locks of the sign-in limit (its own key space). */
const AUTH_LOCK_CLASS = 7_413;

export interface AttemptLimit {
  key: string;
  /** Attempts (failed or still being checked) allowed within the window. */
  limit: number;
}

/** The answer of `claim`: the attempt rows written, or the seconds until a window frees. */
export type Claim = { ids: number[] } | { retryAfterSeconds: number };

export const authFailuresRepository = {
  /**
   * Records one sign-in attempt under every key, unless a key already has its
   * limit of attempts in the window (then nothing is written). Each key is
   * locked (a transaction-scoped advisory lock, in key order) while it is
   * counted and written, so concurrent attempts, on any instance over the
   * same database, see each other: at most `limit` are ever let through.
   * An attempt counts from the moment it is claimed; the caller deletes its
   * rows when the password turns out right.
   */
  claim(db: Db, limits: AttemptLimit[], windowMs: number): Promise<Claim> {
    const keys = limits.map((l) => l.key);
    const windowSecs = windowMs / 1000;
    return db.transaction(async (tx) => {
      for (const key of [...keys].sort()) {
        await tx.execute(sql`select pg_advisory_xact_lock(${AUTH_LOCK_CLASS}, hashtext(${key}))`);
      }
      const window = sql`make_interval(secs => ${windowSecs})`;
      await tx
        .delete(authFailures)
        .where(and(inArray(authFailures.key, keys), sql`${authFailures.createdAt} <= now() - ${window}`));
      // Each counted attempt and the seconds until it leaves the window, oldest first.
      const counted = await tx
        .select({
          key: authFailures.key,
          freesIn: sql<number>`extract(epoch from ${authFailures.createdAt} + ${window} - now())::float8`,
        })
        .from(authFailures)
        .where(inArray(authFailures.key, keys))
        .orderBy(asc(authFailures.createdAt), asc(authFailures.id));
      let retryAfterSeconds = 0;
      for (const { key, limit } of limits) {
        const freesIn = counted.filter((r) => r.key === key).map((r) => Number(r.freesIn));
        // Below the limit again once all but limit − 1 of them have left the window.
        if (freesIn.length >= limit) {
          retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil(freesIn[freesIn.length - limit]), 1);
        }
      }
      if (retryAfterSeconds > 0) return { retryAfterSeconds };
      const rows = await tx
        .insert(authFailures)
        .values(keys.map((key) => ({ key })))
        .returning({ id: authFailures.id });
      return { ids: rows.map((r) => r.id) };
    });
  },

  /** Forgets attempt rows by id (an attempt whose password was right). */
  async release(db: Tx, ids: number[]) {
    if (ids.length) await db.delete(authFailures).where(inArray(authFailures.id, ids));
  },

  /** Forgets every attempt under a key (a username after its right password). */
  async clear(db: Tx, key: string) {
    await db.delete(authFailures).where(eq(authFailures.key, key));
  },
};
