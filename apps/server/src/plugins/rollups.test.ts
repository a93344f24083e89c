import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { rowsOf, type Tx } from '../db/client.js';

/**
 * The background fold: an instance moves the roll-ups' pending deltas onto the totals by itself,
 * every `foldEveryMs`; with 0 it never does (readers still fold), which is what tests that read
 * deltas still pending run with.
 */
const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

async function pendingAfter(foldEveryMs: number, waitMs: number): Promise<number> {
  const t = await createTestApp({ foldEveryMs });
  apps.push(t);
  const db = t.database.db as unknown as Tx;
  await db.execute(sql`insert into invoices (invoice_no, date, biller_id, type, status, total)
    values ('Fold/1', '2025-11-14', 1, 'invoice', 'DUE', 1250), ('Fold/2', '2025-12-01', 1, 'invoice', 'PAID', 900)`);
  const deadline = Date.now() + waitMs;
  let n = 0;
  do {
    await new Promise((resolve) => setTimeout(resolve, 50));
    [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from invoice_day_total_deltas`));
  } while (n > 0 && Date.now() < deadline);
  return n;
}

describe('the background fold', { timeout: 60_000 }, () => {
  it('moves the deltas onto the totals without a reader', async () => {
    expect(await pendingAfter(100, 20_000)).toBe(0);
  });

  it('is off with an interval of 0: the deltas wait for a reader', async () => {
    expect(await pendingAfter(0, 1_500)).toBeGreaterThan(0);
  });
});
