import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withFoldsHeld } from '../../../test/fold-held.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';
import { rowsOf } from '../../db/client.js';
import { createDashboardFixture, dashboardCall, gumSale } from './dashboard.fixture.js';

/**
 * The dashboard's invoice figures (the latest invoices' count, the overview, sales per day) read
 * the daily roll-up and its deltas not folded yet in one statement, and its product cards (top
 * products, product status, sales by category) the product roll-ups and theirs, without folding
 * first: with every fold held off, a write is counted at once and stays pending.
 */
const t = testApp();
const TAG = 'Pend';
let f: Awaited<ReturnType<typeof createDashboardFixture>>;

beforeAll(async () => {
  f = await createDashboardFixture(() => t, TAG);
}, 60_000);

const call = dashboardCall(() => t);

const pending = async () =>
  rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from invoice_day_total_deltas`))[0].n;

describe('the dashboard while a fold is held off', () => {
  it.runIf(process.env.DB_KIND === 'postgres')(
    'counts a new invoice in the latest invoices, the overview, the day and the product cards, and folds nothing',
    async () => {
      const overview = (await call('statusOverview')).report;
      const day = async () =>
        ((await call('salesDaily', { startDate: f.today, endDate: f.today })).report as { totalRevenue: number }[])[0];
      const invoices = async () => (await call('invoices')).totalRows as number;
      const [dayBefore, invoicesBefore] = [await day(), await invoices()];
      expect(overview).toEqual({ revenue: 45, ordersProcessed: 3 });
      const productsBefore = (await call('productStatus', {})).report;
      const categoriesBefore = (await call('salesByCategory')).report;

      const inv = invoiceCalls(() => t);
      const sale = await gumSale(() => t, f, TAG);
      await withFoldsHeld(t, async () => {
        const { id } = await sale.start();
        await inv.setInvoice(id, { status: 'DUE' });
        expect(await pending()).toBeGreaterThan(0);
        expect((await call('statusOverview')).report).toEqual({ revenue: 46.25, ordersProcessed: 4 });
        expect(await day()).toEqual({ ...dayBefore, totalRevenue: dayBefore.totalRevenue + 1.25, totalOrders: 4 });
        expect(await invoices()).toBe(invoicesBefore + 1);
        // The product cards read the product roll-ups' pending deltas too.
        expect((await call('productsTop')).report).toContainEqual({ productName: `${TAG} Gum`, quantitySold: 1 });
        expect((await call('productStatus', {})).report).toEqual({
          ...productsBefore,
          productsSold: productsBefore.productsSold + 1,
          unitsSold: productsBefore.unitsSold + 1,
        });
        expect((await call('salesByCategory')).report).toEqual([
          ...categoriesBefore,
          { category: 'Candy', totalSales: 1.25 },
        ]);
        expect(await pending()).toBeGreaterThan(0);
      });
    },
  );
});
