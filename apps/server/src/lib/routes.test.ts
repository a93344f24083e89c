import * as contracts from '@wd/contracts';
import { type Call, callPath } from '@wd/contracts';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/helpers.js';

/** Every call of the table of calls (every `…Calls` export of contracts). */
const table: [string, Call][] = Object.entries(contracts)
  .filter(([name, value]) => name.endsWith('Calls') && typeof value === 'object' && value !== null)
  .flatMap(([area, calls]) =>
    Object.entries(calls as Record<string, Call>).map(([n, c]) => [`${area}.${n}`, c] as [string, Call]),
  );

const sample = (call: Call) => `/api/${callPath(call, new Proxy({}, { get: () => 1 }) as Record<string, unknown>)}`;

const t = testApp();

describe('the table of calls', () => {
  it('holds the calls of every area', () => {
    expect(table.length).toBeGreaterThan(10);
  });

  it.each(table.filter(([, c]) => c.auth !== 'public'))(
    '%s refuses a caller without a token (401)',
    async (_, call) => {
      const res = await t.call(call.method, sample(call), call.method === 'GET' ? undefined : {}, null);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Not signed in' });
    },
  );

  it.each(table.filter(([, c]) => c.auth === 'admin'))(
    '%s refuses a signed-in user who is no admin (403)',
    async (_, call) => {
      const user = await t.createUser(`clerk${Math.random().toString(36).slice(2, 8)}`);
      const res = await t.call(call.method, sample(call), call.method === 'GET' ? undefined : {}, user.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Admins only' });
    },
  );

  it('gives every call an operation in the OpenAPI document with its errors', async () => {
    const doc = (await t.call('GET', '/api/openapi.json')).json();
    const missing = table.filter(([, call]) => {
      const path = `/api${call.path.replace(/:(\w+)/g, '{$1}')}`;
      const op = doc.paths[path]?.[call.method.toLowerCase()];
      if (!op) return true;
      return contracts.errorStatuses(call).some((s) => !op.responses[String(s)]);
    });
    expect(missing.map(([name]) => name)).toEqual([]);
  });
});
