import { REPORT_COLUMNS, type ReportName, reportFilter } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withFoldsHeld } from '../../../test/fold-held.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';
import { rowsOf, type Tx } from '../../db/client.js';
import { createDashboardFixture, gumSale } from '../dashboard/dashboard.fixture.js';
import type { Filter } from './report-sql.repository.js';
import { reportsRepository } from './reports.repository.js';
import { toWire } from './reports.service.js';

/**
 * The Product, Damaged Goods and Biller Reports read without folding the roll-ups first
 * (reportNeedsFold): with every fold held off by another transaction, each answers at once and
 * counts the writes still pending, exactly as the plain definition summed from the rows. My
 * Report and the Customer Summary count their customers from rows the fold keeps: they fold
 * first, and are exact once the fold may run.
 */
const t = testApp();
const TAG = 'RPend';
const WITHOUT_FOLD: ReportName[] = ['product', 'damagedGoods', 'biller'];
let f: Awaited<ReturnType<typeof createDashboardFixture>>;

beforeAll(async () => {
  f = await createDashboardFixture(() => t, TAG);
}, 60_000);

const pending = async () =>
  rowsOf<{ n: number }>(
    await t.database.db.execute(sql`select ((select count(*) from report_party_month_deltas)
      + (select count(*) from report_product_month_deltas))::int as n`),
  )[0].n;

async function report(name: ReportName, body: Record<string, unknown>) {
  const res = await t.call('POST', `/api/reports/${name}/`, { resultsPerPage: 100, ...body }, t.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { totalRows: number; totals: Record<string, unknown> };
}

/** The report's row count and totals by the plain definition (every matching row summed). */
async function plain(name: ReportName, body: Record<string, unknown>) {
  const filter = reportFilter.parse({ currentPage: 1, resultsPerPage: 100, ...body }) as Filter;
  const read = await reportsRepository[name](t.database.db as unknown as Tx, filter);
  return { totalRows: read.totalRows, totals: toWire(REPORT_COLUMNS[name].fields, read.totals) };
}

async function expectSameAsRows(name: ReportName, body: Record<string, unknown>) {
  const answer = await report(name, body);
  expect({ totalRows: answer.totalRows, totals: answer.totals }, `${name} ${JSON.stringify(body)}`).toEqual(
    await plain(name, body),
  );
}

describe('the reports while a fold is held off', () => {
  it.runIf(process.env.DB_KIND === 'postgres')(
    'answer at once and count a new invoice and a damaged return still pending, as the rows do (the customer reports after)',
    async () => {
      const [year, month] = f.today.split('-').map(Number);
      const filters = [{ year, month }, { year }, { startDate: f.today }, { status: 'DUE' }, { searchQuery: TAG }];
      const before = await report('product', { year, month });
      const inv = invoiceCalls(() => t);
      const sale = await gumSale(() => t, f, TAG);
      await withFoldsHeld(t, async () => {
        const { id } = await sale.start();
        const back = await inv.addLine(id, sale.gum.id);
        const res = await t.call(
          'PATCH',
          '/api/invoice/update/item/',
          { id: back.id, invoiceID: id, quantity: -1, damagedGood: true },
          t.adminToken,
        );
        expect(res.statusCode, res.body).toBe(200);
        await inv.setInvoice(id, { status: 'DUE' });
        expect(await pending()).toBeGreaterThan(0);

        const during = await report('product', { year, month });
        expect(during.totalRows).toBe(before.totalRows + 1);
        for (const name of WITHOUT_FOLD) {
          for (const body of filters) await expectSameAsRows(name, body);
        }
        expect(await pending()).toBeGreaterThan(0);
      });
      for (const name of ['customer', 'customerSummary'] as const) {
        for (const body of [...filters, {}]) await expectSameAsRows(name, body);
      }
    },
  );
});
