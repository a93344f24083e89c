import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.js';
import { seedDemoData } from '../../db/seed/index.js';
import { statementRepository } from './statement.repository.js';

const t = testApp();
const TODAY = '2026-11-22';

beforeAll(async () => {
  await seedDemoData(t.database.db, { seed: 7, today: TODAY });
});

/** The closing balance equals the sum of the customer's invoice balances dated up to the end. */
describe('statement closing balance over the demo data', () => {
  it('equals the sum of invoice balances dated up to the end, for every customer, over every period ending today', async () => {
    const rows = await t.database.db.execute<{ id: number }>(sql`select id from customers order by id`);
    const ids = (rows as unknown as { rows?: { id: number }[] }).rows ?? (rows as unknown as { id: number }[]);
    expect(ids.length).toBeGreaterThan(10);
    let withMovements = 0;
    for (const { id } of ids) {
      for (const startDate of ['2000-01-01', '2026-01-01', '2026-11-01']) {
        const res = await t.call('POST', `/api/customer/statement/${id}/`, { startDate, endDate: TODAY }, t.adminToken);
        expect(res.statusCode).toBe(200);
        const s = res.json().statement;
        const expected = await statementRepository.balancesUpTo(t.database.db, id, TODAY);
        expect(Math.round(s.closingBalance * 100), `customer ${id} from ${startDate}`).toBe(expected);
        // The opening balance and the entries add up to the closing balance.
        const moved = s.entries.reduce(
          (sum: number, e: { charge: number; credit: number }) => sum + e.charge * 100 - e.credit * 100,
          0,
        );
        expect(Math.round(s.openingBalance * 100 + moved)).toBe(expected);
        if (s.entries.length > 0) withMovements++;
      }
    }
    expect(withMovements).toBeGreaterThan(10);
  });
});
