// @vitest-environment jsdom
import { invoiceCalls, paymentCalls, userCalls } from '@wd/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callApi, NetworkError, newIdempotencyKey, WRITE_RETRIES } from './api-client';

/** fetch answering from `answers` in turn (an Error: no answer at all); the keys each request carried. */
function fakeFetch(answers: (Response | Error)[]) {
  const keys: (string | undefined)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      keys.push((init.headers as Record<string, string>)['Idempotency-Key']);
      const answer = answers.shift();
      if (!answer || answer instanceof Error) throw answer ?? new Error('no more answers');
      return answer;
    }),
  );
  return keys;
}
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const payment = { invoiceID: 4, date: '2026-11-20', paymentType: 'cash' as const, amountPaid: 1 };

afterEach(() => vi.unstubAllGlobals());

describe('Idempotency-Key on writes', () => {
  it('keys are version-4 UUIDs, a new one each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('a write sends a key; a read asked by POST and signing in send none', async () => {
    const keys = fakeFetch([json(200, { payment: { id: 1 } }), json(200, { invoices: [] }), json(200, {})]);
    await callApi(paymentCalls.create, { body: payment });
    await callApi(invoiceCalls.list, { body: {} });
    await callApi(userCalls.signIn, { body: { email: 'a', password: 'b' } });
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys.slice(1)).toEqual([undefined, undefined]);
  });

  it('no answer, then busy (503), then done: sent three times with one key', async () => {
    const keys = fakeFetch([
      new TypeError('Failed to fetch'),
      json(503, { message: 'busy' }, { 'retry-after': '1' }),
      json(200, { payment: { id: 7 } }),
    ]);
    await expect(callApi(paymentCalls.create, { body: payment })).resolves.toEqual({ payment: { id: 7 } });
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it(`gives up after ${WRITE_RETRIES} repeats; a form's own key is the one sent`, async () => {
    const keys = fakeFetch([new TypeError('x'), new TypeError('x'), new TypeError('x')]);
    await expect(callApi(paymentCalls.create, { body: payment, idempotencyKey: 'form-key-1' })).rejects.toBeInstanceOf(
      NetworkError,
    );
    expect(keys).toEqual(['form-key-1', 'form-key-1', 'form-key-1']);
  });

  it('a refusal is not sent again', async () => {
    const keys = fakeFetch([json(409, { message: 'The invoice was paid meanwhile' })]);
    await expect(callApi(paymentCalls.create, { body: payment })).rejects.toBeInstanceOf(ApiError);
    expect(keys).toHaveLength(1);
  });

  it('a read with no answer is not sent again', async () => {
    const keys = fakeFetch([new TypeError('x')]);
    await expect(callApi(invoiceCalls.list, { body: {} })).rejects.toBeInstanceOf(NetworkError);
    expect(keys).toHaveLength(1);
  });
});
