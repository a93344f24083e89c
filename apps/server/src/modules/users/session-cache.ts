import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../lib/context.js';

interface Entry {
  user: AuthUser;
  /** The session's last use as the database had it (ms), after any touch this instance made. */
  lastUsedAt: number;
  /** When this instance read it from the database (ms). */
  checkedAt: number;
}

/** Past this many entries, the expired ones go, then the oldest. */
const MAX_ENTRIES = 10_000;

/**
 * The sessions one instance has checked lately, by token hash. A screen asks three to five calls
 * at once and a scanner ten a second; each call used to read its session first, one statement
 * of every call. An entry is trusted for `ttlMs` after its read.
 *
 * What may change a session drops its entries here at once: a sign-out, a new password, a
 * changed user. A read that began before such a drop does not store what it read (the
 * generation moved), so this instance never answers from a session it has revoked. Another
 * instance learns of it when its own entry runs out: at most `ttlMs` later.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private drops = 0;

  constructor(private readonly ttlMs: number) {}

  /** Counts the drops; a read stores its answer only if none happened since it began. */
  get generation(): number {
    return this.drops;
  }

  get(tokenHash: string, now: number): Entry | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.checkedAt >= this.ttlMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /** Keeps what a read found, unless a drop came after the read began (`generation` then). */
  set(tokenHash: string, entry: Entry, generation: number): void {
    if (this.ttlMs <= 0 || generation !== this.drops) return;
    if (this.entries.size >= MAX_ENTRIES) this.prune(entry.checkedAt);
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, entry);
  }

  dropSession(sessionId: number): void {
    this.drop((user) => user.sessionId === sessionId);
  }

  dropUser(userId: number): void {
    this.drop((user) => user.id === userId);
  }

  private drop(match: (user: AuthUser) => boolean): void {
    this.drops++;
    for (const [hash, entry] of this.entries) if (match(entry.user)) this.entries.delete(hash);
  }

  private prune(now: number): void {
    for (const [hash, entry] of this.entries) if (now - entry.checkedAt >= this.ttlMs) this.entries.delete(hash);
    // Insertion order is oldest first.
    for (const hash of this.entries.keys()) {
      if (this.entries.size < MAX_ENTRIES) break;
      this.entries.delete(hash);
    }
  }
}

const caches = new WeakMap<Db, SessionCache>();

/** The one cache of an app's database (the auth hook and the user calls build services of their own). */
export function sessionCache(db: Db, ttlMs: number): SessionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SessionCache(ttlMs);
    caches.set(db, cache);
  }
  return cache;
}
