import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, testApp } from '../../../test/helpers.js';

const t = testApp();

const signIn = (username: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/signIn/', payload: { email: username, password }, remoteAddress });

/**
 * Sign-in attempts are limited per username (10 in 15 minutes) and per client
 * address (100 in 15 minutes), counted in the database before the password is
 * checked; past the limit the answer is 429 with Retry-After.
 */
describe('sign-in rate limit', () => {
  it('answers 429 after 10 failures in 15 minutes for one username, even with the right password', async () => {
    await t.createUser('ratelimited');
    for (let i = 0; i < 10; i++) {
      expect((await signIn('ratelimited', `wrong-${i}`, `10.0.0.${i + 1}`)).statusCode).toBe(401);
    }
    const blocked = await signIn('ratelimited', 'password-123', '10.0.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Too many attempts, please try again later' });
    // The oldest failure leaves the 15-minute window in just under 900 seconds.
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(850);
    expect(retryAfter).toBeLessThanOrEqual(900);
  });

  it('checks at most 10 of 30 concurrent wrong passwords; the rest answer 429 with Retry-After', async () => {
    await t.createUser('concurrent');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn('concurrent', `wrong-${i}`, `10.1.${i}.1`)),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    for (const res of answers.filter((r) => r.statusCode === 429)) {
      expect(res.json()).toEqual({ message: 'Too many attempts, please try again later' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(850);
    }
    // Still locked with the right password.
    expect((await signIn('concurrent', 'password-123', '10.1.99.1')).statusCode).toBe(429);
  });

  it('a clerk mistyping 10 times does not lock the admin out from the same address', async () => {
    await t.createUser('clerk');
    for (let i = 0; i < 10; i++) expect((await signIn('clerk', `typo-${i}`, '10.2.2.2')).statusCode).toBe(401);
    expect((await signIn('clerk', 'password-123', '10.2.2.2')).statusCode).toBe(429);
    const admin = await signIn('admin', ADMIN_PASSWORD, '10.2.2.2');
    expect(admin.statusCode).toBe(200);
    expect(admin.json().username).toBe('admin');
  });

  it('a right password clears the username failures', async () => {
    await t.createUser('forgetful');
    for (let i = 0; i < 9; i++) expect((await signIn('forgetful', `typo-${i}`, '10.3.3.3')).statusCode).toBe(401);
    expect((await signIn('forgetful', 'password-123', '10.3.3.3')).statusCode).toBe(200);
    // Ten more tries are allowed again before the limit.
    for (let i = 0; i < 10; i++) expect((await signIn('forgetful', `typo-${i}`, '10.3.3.3')).statusCode).toBe(401);
    expect((await signIn('forgetful', 'password-123', '10.3.3.3')).statusCode).toBe(429);
  });

  it('answers 429 after 100 failures from one address, across usernames; another address is not blocked', async () => {
    for (let i = 0; i < 100; i++) {
      expect((await signIn(`someone-${i % 20}`, 'wrong-one', '10.9.9.9')).statusCode).toBe(401);
    }
    const blocked = await signIn('admin', ADMIN_PASSWORD, '10.9.9.9');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(850);
    expect((await signIn('admin', ADMIN_PASSWORD, '10.9.9.10')).statusCode).toBe(200);
  });

  it('documents Retry-After on the 429 of sign-in and change password in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    for (const [path, method] of [
      ['/api/user/signIn', 'post'],
      ['/api/user/changePassword', 'patch'],
    ]) {
      const op = doc.paths[path]?.[method] ?? doc.paths[`${path}/`]?.[method];
      expect(op.responses['429'].headers['Retry-After'].schema).toEqual({ type: 'integer', minimum: 1 });
    }
  });

  it('counts password changes with the same limit', async () => {
    await t.createUser('changer');
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/user/changePassword/',
        payload: { username: 'changer', currentPassword, newPassword: 'new-password-1' },
        remoteAddress: '10.4.4.4',
      });
    for (let i = 0; i < 10; i++) expect((await change(`wrong-${i}`)).statusCode).toBe(401);
    const blocked = await change('password-123');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(850);
  });
});
