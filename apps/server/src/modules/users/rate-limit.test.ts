import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, testApp } from '../../../test/helpers.js';

const t = testApp();

/** Sign-in failures are limited per username and per address: 429 after 10 in 15 minutes. */
describe('sign-in rate limit', () => {
  it('answers 429 after 10 failures in 15 minutes for one username, even with the right password', async () => {
    await t.createUser('ratelimited');
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/signIn/',
        payload: { email: 'ratelimited', password: `wrong-${i}` },
        remoteAddress: `10.0.0.${i + 1}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/user/signIn/',
      payload: { email: 'ratelimited', password: 'password-123' },
      remoteAddress: '10.0.1.1',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many attempts, please try again later');
  });

  it('answers 429 after 10 failures from one address, across usernames', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/signIn/',
        payload: { email: `someone-${i}`, password: 'wrong-one' },
        remoteAddress: '10.9.9.9',
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/user/signIn/',
      payload: { email: 'admin', password: ADMIN_PASSWORD },
      remoteAddress: '10.9.9.9',
    });
    expect(blocked.statusCode).toBe(429);
    // Another address is not blocked.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/user/signIn/',
      payload: { email: 'admin', password: ADMIN_PASSWORD },
      remoteAddress: '10.9.9.10',
    });
    expect(other.statusCode).toBe(200);
  });
});
