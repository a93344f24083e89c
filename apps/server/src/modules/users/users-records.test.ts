// Users as records: sign-up, reading one, changing one.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, testApp } from '../../../test/helpers.js';

const t = testApp();

describe('user/signUp', () => {
  it('lets an admin create a user who can then sign in', async () => {
    const res = await t.call(
      'POST',
      '/api/user/signUp/',
      { username: 'clerk.one', email: 'clerk.one@example.com', password: 'clerk-password', type: 'user' },
      t.adminToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ username: 'clerk.one', email: 'clerk.one@example.com', type: 'user' });
    expect(res.json().user).not.toHaveProperty('passwordHash');
    await expect(t.signIn('clerk.one', 'clerk-password')).resolves.toBeTypeOf('string');
  });

  it('refuses a username that is taken, whatever its case (409)', async () => {
    const res = await t.call(
      'POST',
      '/api/user/signUp/',
      { username: 'Clerk.One', email: '', password: 'clerk-password' },
      t.adminToken,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This username is already taken', field: 'username' });
  });

  it('8 concurrent sign-ups of one username: one 200, seven 409, one user stored', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.call(
          'POST',
          '/api/user/signUp/',
          { username: i % 2 ? 'Race.Clerk' : 'race.clerk', email: '', password: `clerk-password-${i}` },
          t.adminToken,
        ),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toEqual({ message: 'This username is already taken', field: 'username' });
    }
    const stored = await t.database.db.execute(
      sql`select count(*)::int as n from users where lower(username) = 'race.clerk'`,
    );
    expect((stored as unknown as { rows: { n: number }[] }).rows[0].n).toBe(1);
  });

  it('refuses a bad e-mail with a 400 naming the field', async () => {
    const res = await t.call(
      'POST',
      '/api/user/signUp/',
      { username: 'bad.mail', email: 'not-an-email', password: 'clerk-password' },
      t.adminToken,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('email must be a valid e-mail address');
  });

  it('is forbidden to non-admins (403 Admins only)', async () => {
    const { token } = await t.createUser('plain.user');
    const res = await t.call(
      'POST',
      '/api/user/signUp/',
      { username: 'sneaky', email: '', password: 'password-1' },
      token,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Admins only' });
  });
});

describe('user/{name}', () => {
  it('finds a user by username or by id', async () => {
    const { id } = await t.createUser('find.me');
    const byName = await t.call('POST', '/api/user/find.me/', undefined, t.adminToken);
    expect(byName.statusCode).toBe(200);
    expect(byName.json().user).toEqual({
      id,
      username: 'find.me',
      email: 'find.me@example.com',
      type: 'user',
      driver: false,
    });
    const byId = await t.call('POST', `/api/user/${id}/`, undefined, t.adminToken);
    expect(byId.json().user.username).toBe('find.me');
  });

  it("answers 404 The user doesn't exist", async () => {
    const res = await t.call('POST', '/api/user/999999/', undefined, t.adminToken);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "The user doesn't exist" });
  });

  it('lets a user read themself but not others (403)', async () => {
    const { token } = await t.createUser('self.reader');
    expect((await t.call('POST', '/api/user/self.reader/', undefined, token)).statusCode).toBe(200);
    expect((await t.call('POST', '/api/user/admin/', undefined, token)).statusCode).toBe(403);
  });
});

describe('user/update', () => {
  it('changes fields and answers the whole record', async () => {
    const { id } = await t.createUser('to.change');
    const res = await t.call(
      'PATCH',
      '/api/user/update/',
      { id, email: 'changed@example.com', type: 'admin' },
      t.adminToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({
      id,
      username: 'to.change',
      email: 'changed@example.com',
      type: 'admin',
      driver: false,
    });
  });

  it('a new password signs the user out and works for sign-in', async () => {
    const { id, token } = await t.createUser('reset.me');
    const res = await t.call('PATCH', '/api/user/update/', { id, password: 'brand-new-pass' }, t.adminToken);
    expect(res.statusCode).toBe(200);
    expect((await t.call('POST', '/api/user/token/', undefined, token)).statusCode).toBe(401);
    await expect(t.signIn('reset.me', 'brand-new-pass')).resolves.toBeTypeOf('string');
  });

  it('an empty password leaves it unchanged', async () => {
    const { id } = await t.createUser('keep.pass', 'user', 'keep-this-one');
    await t.call('PATCH', '/api/user/update/', { id, password: '', email: '' }, t.adminToken);
    await expect(t.signIn('keep.pass', 'keep-this-one')).resolves.toBeTypeOf('string');
  });

  it('refuses a blank password alone (400: it keeps the password, so nothing changes)', async () => {
    const { id, token } = await t.createUser('blank.pass', 'user', 'blank-pass-1');
    for (const body of [{ id, password: '' }, { id }]) {
      const res = await t.call('PATCH', '/api/user/update/', body, t.adminToken);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: 'body must hold at least one field to change besides id', field: 'body' });
    }
    expect((await t.call('POST', '/api/user/token/', undefined, token)).statusCode).toBe(200);
    await expect(t.signIn('blank.pass', 'blank-pass-1')).resolves.toBeTypeOf('string');
    const same = await t.call('PATCH', '/api/user/update/', { id, password: '', type: 'user' }, t.adminToken);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().user).toEqual({
      id,
      username: 'blank.pass',
      email: 'blank.pass@example.com',
      type: 'user',
      driver: false,
    });
  });

  it('refuses to demote the last admin (409)', async () => {
    const solo = await createTestApp();
    try {
      const me = await solo.call('POST', '/api/user/admin/', undefined, solo.adminToken);
      const res = await solo.call(
        'PATCH',
        '/api/user/update/',
        { id: me.json().user.id, type: 'user' },
        solo.adminToken,
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('The last admin can not be made a user');
    } finally {
      await solo.close();
    }
  });

  it('refuses a taken username (409), an unknown id (404), a non-admin (403)', async () => {
    const { id, token } = await t.createUser('clash.a');
    await t.createUser('clash.b');
    const taken = await t.call('PATCH', '/api/user/update/', { id, username: 'clash.b' }, t.adminToken);
    expect(taken.statusCode).toBe(409);
    const missing = await t.call('PATCH', '/api/user/update/', { id: 987654, email: '' }, t.adminToken);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("The user doesn't exist");
    const forbidden = await t.call('PATCH', '/api/user/update/', { id, email: '' }, token);
    expect(forbidden.statusCode).toBe(403);
  });

  it('6 users renamed to one free name at once: one 200, five 409', async () => {
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push((await t.createUser(`rename.${i}`)).id);
    const answers = await Promise.all(
      ids.map((id) => t.call('PATCH', '/api/user/update/', { id, username: 'renamed.once' }, t.adminToken)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toEqual({ message: 'This username is already taken', field: 'username' });
    }
  });

  it('refuses an unknown type (400)', async () => {
    const res = await t.call('PATCH', '/api/user/update/', { id: 1, type: 'owner' }, t.adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('type must be one of user, admin');
  });
});
