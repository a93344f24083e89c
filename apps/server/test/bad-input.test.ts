import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { badInputApp } from './bad-input-test-kit.js';
import { probed, RUNS, requests, SEED } from './hostile-input.js';

/**
 * Bad input never reaches a 500 (docs/api.md, "Bad input"). Every
 * call of the table of calls, the day it is added, gets hostile requests
 * generated from its own params and body schemas: NUL bytes, lone UTF-16
 * surrogates, ids past 2^31 − 1, money past $21,474,836.47, 2^53 ± 1, 1e20,
 * negative amounts, prototype keys as sort columns, page 2^53 − 1, wrong
 * types, missing fields, very long text. Each answer must be below 500; every
 * error must be `{ message, field? }` without SQL or a stack; and a call
 * answering 4xx must leave the data as it was.
 *
 * Reproduce a failure with the seed it prints: BAD_INPUT_SEED=<seed>;
 * BAD_INPUT_RUNS sets the requests per call (default 8); BAD_INPUT_STATS=1
 * prints the statuses each call answered (how deep the requests went).
 */
/** What an answer must never show: SQL, database errors, stack frames, file paths. */
const LEAKS = [
  /\bselect\b[\s\S]*\bfrom\b/i,
  /\binsert into\b/i,
  /syntax error at or near/i,
  /violates .* constraint/i,
  /invalid input syntax/i,
  /out of range for type/i,
  /invalid byte sequence/i,
  /\n\s+at .+:\d+/,
  /node_modules|\.ts:\d+|\.js:\d+/,
  /Drizzle|PGlite|postgres/i,
];

const { t, token, stats, checksum, urlOf } = badInputApp();

describe('bad input never reaches a 500', () => {
  it('walks every call of the table', () => {
    expect(probed.length).toBeGreaterThan(100);
  });

  it.each(probed)(
    '%s: hostile params and bodies answer below 500, as { message }, without SQL, changing nothing when refused',
    async (_, call) => {
      let before = await checksum();
      await fc.assert(
        fc.asyncProperty(requests(call), async ({ params, body }) => {
          const url = urlOf(call, params);
          if (!url) return;
          const res = await t.app.inject({
            method: call.method,
            url,
            headers: { token: token(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          });
          if (process.env.BAD_INPUT_STATS) {
            const key = `${call.method} ${call.path}`;
            stats[key] = `${stats[key] ?? ''} ${res.statusCode}`;
          }
          const what = `${call.method} ${url} ${JSON.stringify(body)?.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, what).toBeLessThan(500);
          const json = (res.headers['content-type'] ?? '').toString().startsWith('application/json');
          if (json) for (const leak of LEAKS) expect(res.body, what).not.toMatch(leak);
          const after = await checksum();
          if (res.statusCode >= 400) {
            expect(json, what).toBe(true);
            const answer = res.json();
            expect(
              Object.keys(answer).filter((k) => k !== 'message' && k !== 'field'),
              what,
            ).toEqual([]);
            expect(typeof answer.message, what).toBe('string');
            expect(answer.message.length, what).toBeGreaterThan(0);
            if ('field' in answer) expect(typeof answer.field, what).toBe('string');
            expect(after, `${what}: data changed`).toBe(before);
          }
          before = after;
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    },
    60_000,
  );
});
