import * as contracts from '@wd/contracts';
import { type Call, callPath, MAX_PAGE_SIZE } from '@wd/contracts';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/helpers.js';
import { sample as hostileSample, leaves } from '../../test/hostile-input.js';

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

describe('the page size of every list', () => {
  /**
   * Every call whose body takes a page (lists, their exports, reports, the dashboard's lists), any
   * added later too; the settings' resultsPerPage is a setting (the screens' default), not a page.
   */
  const paged = table.filter(([, call]) => {
    const fields = call.body ? leaves(call.body).map((l) => l.path.join('.')) : [];
    return fields.includes('currentPage') && fields.includes('resultsPerPage');
  });
  const send = (call: Call, resultsPerPage: number) =>
    t.call(
      call.method,
      `/api/${callPath(call, call.params ? (hostileSample(call.params) as Record<string, unknown>) : undefined)}`,
      { resultsPerPage },
      t.adminToken,
    );

  it('is found on the lists', () => {
    expect(paged.length).toBeGreaterThan(20);
    expect(paged.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'productCalls.list',
        'invoiceCalls.list',
        'dashboardCalls.productsTop',
        'dashboardCalls.invoices',
      ]),
    );
  });

  it.each(paged)('%s takes 1 … 100,000 and refuses 100,001 with a 400 naming resultsPerPage', async (_, call) => {
    for (const size of [1, MAX_PAGE_SIZE]) {
      const res = await send(call, size);
      expect(res.statusCode === 400 && res.json().field === 'resultsPerPage', `${size}: ${res.body}`).toBe(false);
      expect(res.statusCode, `${size}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
    const res = await send(call, MAX_PAGE_SIZE + 1);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'resultsPerPage must be a number ≤ 100000', field: 'resultsPerPage' });
  });
});
