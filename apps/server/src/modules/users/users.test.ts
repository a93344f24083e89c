import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, testApp } from '../../../test/helpers.js';
import { hashToken } from './users.service.js';

const t = testApp();

describe('user/signIn', () => {
  it('answers the session with a token; the username travels in `email`', async () => {
    const res = await t.call('POST', '/api/user/signIn/', { email: 'admin', password: ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ username: 'admin', type: 'admin', email: '' });
    expect(body.id).toBeGreaterThan(0);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('is case-insensitive on the username and served without the trailing slash', async () => {
    const res = await t.call('POST', '/api/user/signIn', { email: 'ADMIN', password: ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('answers one generic 401 for a wrong password and for an unknown user', async () => {
    const wrong = await t.call('POST', '/api/user/signIn/', { email: 'admin', password: 'nope-nope' });
    const unknown = await t.call('POST', '/api/user/signIn/', { email: 'nobody-here', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Wrong username or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a body without a password with a 400 naming the field', async () => {
    const res = await t.call('POST', '/api/user/signIn/', { email: 'admin' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'password is required', field: 'password' });
  });
});

describe('the Token header', () => {
  it('is required: 401 Not signed in without it or with an unknown one', async () => {
    const none = await t.call('POST', '/api/user/token/');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'Not signed in' });
    const unknown = await t.call('POST', '/api/user/token/', undefined, 'not-a-real-token');
    expect(unknown.statusCode).toBe(401);
  });

  it('user/token restores the session', async () => {
    const res = await t.call('POST', '/api/user/token/', undefined, t.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'admin', type: 'admin', token: t.adminToken });
  });

  it('expires after the idle time', async () => {
    const short = await createTestApp({ sessionIdleMs: 1 });
    try {
      await new Promise((r) => setTimeout(r, 20));
      const res = await short.call('POST', '/api/user/token/', undefined, short.adminToken);
      expect(res.statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('a call moves the last use of a session used more than a minute ago to now', async () => {
    const token = await t.signIn('admin', ADMIN_PASSWORD);
    const hash = hashToken(token);
    await t.database.db.execute(
      sql`update sessions set last_used_at = now() - interval '2 minutes' where token_hash = ${hash}`,
    );
    const lastUse = async () => {
      const { rows } = (await t.database.db.execute(
        sql`select extract(epoch from now() - last_used_at)::float8 as ago from sessions where token_hash = ${hash}`,
      )) as unknown as { rows: { ago: number }[] };
      return Number(rows[0].ago);
    };
    expect(await lastUse()).toBeGreaterThan(110);
    const res = await t.call('POST', '/api/user/token/', undefined, token);
    expect(res.statusCode).toBe(200);
    expect(Math.abs(await lastUse())).toBeLessThan(10);
  });

  it('user/signOut revokes the token', async () => {
    const token = await t.signIn('admin', ADMIN_PASSWORD);
    const out = await t.call('POST', '/api/user/signOut/', undefined, token);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'Signed out' });
    const after = await t.call('POST', '/api/user/token/', undefined, token);
    expect(after.statusCode).toBe(401);
  });
});

describe('user/changePassword', () => {
  it('changes the password and signs out every session of that user', async () => {
    const { token } = await t.createUser('changer', 'user', 'first-password');
    const res = await t.call('PATCH', '/api/user/changePassword/', {
      username: 'changer',
      currentPassword: 'first-password',
      newPassword: 'second-password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password changed' });
    expect((await t.call('POST', '/api/user/token/', undefined, token)).statusCode).toBe(401);
    const old = await t.call('POST', '/api/user/signIn/', { email: 'changer', password: 'first-password' });
    expect(old.statusCode).toBe(401);
    await expect(t.signIn('changer', 'second-password')).resolves.toBeTypeOf('string');
  });

  it('answers the generic 401 for a wrong current password', async () => {
    const res = await t.call('PATCH', '/api/user/changePassword/', {
      username: 'admin',
      currentPassword: 'not-it-at-all',
      newPassword: 'whatever-123',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Wrong username or password');
  });

  it('refuses a new password shorter than 8 characters', async () => {
    const res = await t.call('PATCH', '/api/user/changePassword/', {
      username: 'admin',
      currentPassword: ADMIN_PASSWORD,
      newPassword: 'short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('newPassword must be at least 8 characters');
  });
});
