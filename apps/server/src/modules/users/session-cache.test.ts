import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { SessionCache } from './session-cache.js';
import { hashToken } from './users.service.js';

const admin = { id: 1, username: 'admin', email: '', type: 'admin' as const, driver: false, sessionId: 10 };
const clerk = { id: 2, username: 'clerk', email: '', type: 'user' as const, driver: false, sessionId: 20 };
const entry = (user: typeof admin | typeof clerk, at: number) => ({ user, lastUsedAt: at, checkedAt: at });

describe('SessionCache', () => {
  it('answers an entry until its time runs out, then forgets it', () => {
    const cache = new SessionCache(5000);
    cache.set('a', entry(admin, 1000), cache.generation);
    expect(cache.get('a', 5999)?.user.username).toBe('admin');
    expect(cache.get('a', 6000)).toBeUndefined();
    expect(cache.get('a', 1000)).toBeUndefined();
  });

  it('drops by session and by user, and keeps the others', () => {
    const cache = new SessionCache(5000);
    cache.set('a', entry(admin, 0), cache.generation);
    cache.set('b', entry({ ...admin, sessionId: 11 }, 0), cache.generation);
    cache.set('c', entry(clerk, 0), cache.generation);
    cache.dropSession(10);
    expect([cache.get('a', 1), cache.get('b', 1)?.user.sessionId, cache.get('c', 1)?.user.id]).toEqual([
      undefined,
      11,
      2,
    ]);
    cache.dropUser(1);
    expect([cache.get('b', 1), cache.get('c', 1)?.user.id]).toEqual([undefined, 2]);
  });

  it('does not keep what a read found when a drop came after the read began', () => {
    const cache = new SessionCache(5000);
    const began = cache.generation;
    cache.dropUser(2);
    cache.set('c', entry(clerk, 0), began);
    expect(cache.get('c', 1)).toBeUndefined();
    cache.set('c', entry(clerk, 0), cache.generation);
    expect(cache.get('c', 1)?.user.id).toBe(2);
  });

  it('keeps nothing when its time is 0', () => {
    const cache = new SessionCache(0);
    cache.set('a', entry(admin, 0), cache.generation);
    expect(cache.get('a', 0)).toBeUndefined();
  });

  it('stays within its size: expired entries go first, then the oldest', () => {
    const cache = new SessionCache(1000);
    for (let i = 0; i < 10_000; i++) cache.set(`old${i}`, entry(clerk, 0), cache.generation);
    cache.set('fresh', entry(admin, 500), cache.generation);
    // Nothing had expired at 500: the oldest went to make room.
    expect(cache.get('old0', 500)).toBeUndefined();
    expect(cache.get('old1', 500)?.user.id).toBe(2);
    cache.set('later', entry(admin, 1200), cache.generation);
    // At 1200 every `old` entry had expired; the fresh one had not.
    expect(cache.get('fresh', 1200)?.user.id).toBe(1);
    expect(cache.get('later', 1200)?.user.id).toBe(1);
  });
});

describe('a session checked lately (SESSION_CACHE_SECONDS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ sessionCacheMs: 400 });
  });
  afterAll(() => t.close());

  /** Ends a session the way another instance would: in the database, behind this instance's back. */
  const revokeElsewhere = (token: string) =>
    t.database.db.execute(sql`delete from sessions where token_hash = ${hashToken(token)}`);

  it('is trusted for its time after another instance revoked it, then refused', async () => {
    const { token } = await t.createUser('elsewhere', 'user');
    expect((await t.call('POST', '/api/user/token/', undefined, token)).statusCode).toBe(200);
    await revokeElsewhere(token);
    expect((await t.call('POST', '/api/user/token/', undefined, token)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 450));
    const after = await t.call('POST', '/api/user/token/', undefined, token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Not signed in' });
  });

  it('is checked again on every admin-only call', async () => {
    const { token } = await t.createUser('boss', 'admin');
    expect((await t.call('POST', '/api/user/all/', { currentPage: 1, resultsPerPage: 5 }, token)).statusCode).toBe(200);
    await revokeElsewhere(token);
    const list = await t.call('POST', '/api/user/all/', { currentPage: 1, resultsPerPage: 5 }, token);
    expect(list.statusCode).toBe(401);
  });

  it('is refused at once after a sign-out on this instance', async () => {
    const { token } = await t.createUser('leaver', 'user');
    expect((await t.call('POST', '/api/user/token/', undefined, token)).statusCode).toBe(200);
    expect((await t.call('POST', '/api/user/signOut/', undefined, token)).statusCode).toBe(200);
    expect((await t.call('POST', '/api/user/token/', undefined, token)).statusCode).toBe(401);
  });

  it('is refused at once after the user changed the password on this instance', async () => {
    const { token } = await t.createUser('rotator', 'user', 'first-password');
    expect((await t.call('POST', '/api/user/token/', undefined, token)).statusCode).toBe(200);
    const changed = await t.call('PATCH', '/api/user/changePassword/', {
      username: 'rotator',
      currentPassword: 'first-password',
      newPassword: 'second-password',
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.call('POST', '/api/user/token/', undefined, token)).statusCode).toBe(401);
  });

  it('shows an admin’s change of the user (a new password, a new name) at once', async () => {
    const { id, token } = await t.createUser('renamed', 'user');
    const other = await t.createUser('reset', 'user');
    expect((await t.call('POST', '/api/user/token/', undefined, token)).json().username).toBe('renamed');
    expect((await t.call('POST', '/api/user/token/', undefined, other.token)).statusCode).toBe(200);
    const rename = await t.call('PATCH', '/api/user/update/', { id, username: 'renamed-now' }, t.adminToken);
    expect(rename.statusCode).toBe(200);
    expect((await t.call('POST', '/api/user/token/', undefined, token)).json().username).toBe('renamed-now');
    const reset = await t.call(
      'PATCH',
      '/api/user/update/',
      { id: other.id, password: 'a-new-password' },
      t.adminToken,
    );
    expect(reset.statusCode).toBe(200);
    expect((await t.call('POST', '/api/user/token/', undefined, other.token)).statusCode).toBe(401);
  });
});
