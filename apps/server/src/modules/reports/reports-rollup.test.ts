import { REPORT_COLUMNS, reportFilter, WALK_IN_CUSTOMER } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { expectDashboardSameAsPlain } from '../../../test/dashboard-plain.js';
import { withFoldsHeld } from '../../../test/fold-held.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';
import {
  expectBillerMonthsFromPartyMonths,
  expectCustomerAllFromRows,
  expectLineSumsFromLines,
  expectProductAllFromMonths,
  expectProductWeeksFromLines,
  expectProductYearsFromMonths,
} from '../../../test/rollup-tables.js';
import type { Tx } from '../../db/client.js';
import { foldRollups } from '../../db/rollups.js';
import { Random } from '../../db/seed/random.js';
import { dashboardRepository } from '../dashboard/dashboard.repository.js';
import type { Filter } from './report-sql.repository.js';
import { INVOICE_FIGURES } from './report-sql.repository.js';
import { reportsRepository, SUMMARY_FIGURES } from './reports.repository.js';
import { toWire } from './reports.service.js';
import { everyStatusAllHistory } from './reports-customers.repository.js';
import {
  reportNeedsFold,
  rollupReports,
  rollupReportsWithoutFold,
  WALK_CUSTOMERS_UP_TO,
} from './reports-rollup.repository.js';

/**
 * The reports read whole months from roll-ups kept by triggers (migration 0013) and the
 * edge days from the rows (reports-rollup.repository.ts). Over a random fixture around month edges,
 * and after line edits, payments, status, date, customer and biller changes and deletes,
 * every report under every kind of period answers exactly what the plain definition
 * (reports.repository.ts, summed from the rows) answers. My Report and the Customer Summary
 * without a period or status read the all-status table of migration 0018 and walk customers in
 * name order for their page: also compared page by page and sorted, and the table itself against
 * a recomputation from the rows. The dashboard's figures, read from the same roll-ups, are held
 * to their plain definition after every step too (test/dashboard-plain.ts).
 */
const t = testApp();
const { newInvoice, addLine, setInvoice, pay } = invoiceCalls(() => t);
const TAG = 'Rlp';
const NAMES = ['product', 'damagedGoods', 'customer', 'customerSummary', 'biller'] as const;
const FILTERS: Record<string, unknown>[] = [
  {},
  { year: 2026 },
  { month: 1, year: 2026 },
  { month: 2 },
  { startDate: '2026-01-15' },
  { endDate: '2026-02-14' },
  { startDate: '2026-01-01', endDate: '2026-02-28' },
  { startDate: '2025-12-31', endDate: '2026-03-01' },
  { startDate: '2026-01-10', endDate: '2026-01-20' },
  { startDate: '2026-02-10', year: 2026, month: 2 },
  // A year read whole less the months outside (the yearly roll-up), at one end, both, or in one year.
  { startDate: '2026-02-01', endDate: '2026-11-30' },
  { startDate: '2025-02-01', endDate: '2026-01-31' },
  { startDate: '2025-06-15', endDate: '2026-10-20' },
  // Cut months read as whole weeks (added, or taken off a month read whole) and the days left over.
  { startDate: '2026-01-06', endDate: '2026-02-19' },
  { startDate: '2026-01-13', endDate: '2026-01-27' },
  { startDate: '2026-01-09', endDate: '2026-01-29' },
  { endDate: '2026-10-31' },
  { status: 'PAID' },
  { status: 'DUE', startDate: '2026-01-15' },
  { searchQuery: TAG.toLowerCase() },
  { searchQuery: 'walk' },
  // What the report screens send: cleared date filters are '' (no bound), month and year as text
  // (every filter is parsed by the calls' schema before it reaches the repositories, as on the wire).
  { startDate: '', endDate: '', month: '1', year: '2026', status: 'All', biller: '' },
  { startDate: '', endDate: '', month: '', year: '', status: '' },
];
const DATES = ['2025-12-31', '2026-01-01', '2026-01-15', '2026-01-31', '2026-02-01', '2026-02-14', '2026-03-01'];
/** Days inside the weeks of January and February (the weekly roll-up's blocks), picked as often. */
const WEEK_DATES = ['2026-01-05', '2026-01-09', '2026-01-20', '2026-01-24', '2026-01-29', '2026-02-17'];

const rnd = new Random(12);

/** The figures each customer view sorts by. */
const FIGURES_OF = { customer: [...INVOICE_FIGURES, 'totalProfit'], customerSummary: SUMMARY_FIGURES };

const invoices: { id: number; lines: number[] }[] = [];
const products: { id: number }[] = [];
const post = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  t.call(method, url, body, t.adminToken);

/** Every report under every filter, rows and totals on the wire, from both paths side by side. */
async function expectSameAsPlain() {
  const db = t.database.db as unknown as Tx;
  for (const name of NAMES) {
    for (const f of FILTERS) {
      const filter = reportFilter.parse({ currentPage: 1, resultsPerPage: 100, ...f }) as Filter;
      const [plain, fast] = await Promise.all([reportsRepository[name](db, filter), rollupReports[name](db, filter)]);
      const { fields } = REPORT_COLUMNS[name];
      const wire = (r: typeof plain) => ({
        rows: r.rows.map((row) => toWire(fields, row as Record<string, unknown>)),
        totalRows: r.totalRows,
        totals: toWire(fields, r.totals),
      });
      expect(wire(fast), `${name} ${JSON.stringify(f)}`).toEqual(wire(plain));
    }
  }
  // Page by page: all history (customers walked in name order), a period and a status (walked
  // with each customer's own roll-up rows and edge invoices), and a page deeper than the walk.
  const periods = [{}, { startDate: '2026-01-15' }, { status: 'DUE' }, { month: 1, year: 2026, status: 'PAID' }];
  for (const name of ['customer', 'customerSummary'] as const) {
    const pages = [1, 2, 3, 4, 5, 6, 7].map((currentPage) => ({ currentPage, resultsPerPage: 1 }));
    const variants = [
      ...pages,
      { currentPage: 2, resultsPerPage: 3 },
      { resultsPerPage: WALK_CUSTOMERS_UP_TO + 1 },
      // Sorted by name either way: the walk reads customers by name, backwards for descending.
      { sortingList: [{ column: 'customer', order: 'desc' }] },
      ...[1, 2, 3, 4].map((currentPage) => ({
        sortingList: [{ column: 'customer', order: 'desc' }],
        currentPage,
        resultsPerPage: 1,
      })),
      { sortingList: [{ column: 'customer', order: 'asc' }], currentPage: 2, resultsPerPage: 3 },
      { sortingList: [{ column: 'totalInvoices', order: 'desc' }], currentPage: 2, resultsPerPage: 2 },
      // By each figure either way: rows tied on its first value (most at 0) go by name, walked.
      ...FIGURES_OF[name].flatMap((column) =>
        (['asc', 'desc'] as const).flatMap((order) =>
          [1, 3].map((currentPage) => ({ sortingList: [{ column, order }], currentPage, resultsPerPage: 2 })),
        ),
      ),
      { searchQuery: 'dock', resultsPerPage: 1, currentPage: 2 },
      { searchQuery: 'in cust' },
    ];
    for (const f of periods.flatMap((p) => variants.map((v) => ({ ...p, ...v })))) {
      const filter = reportFilter.parse({ currentPage: 1, resultsPerPage: 100, ...f }) as Filter;
      const [plain, fast] = await Promise.all([reportsRepository[name](db, filter), rollupReports[name](db, filter)]);
      expect(fast, `${name} ${JSON.stringify(f)}`).toEqual(plain);
    }
  }
  // The walk above ran: the first award points value (0) is shared by more rows than a page of 2.
  const [{ tied }] = (
    (await db.execute(sql`select count(*)::int as tied from report_customer_all where invoices > 0
      and award_points = (select min(award_points) from report_customer_all where invoices > 0)`)) as unknown as {
      rows: { tied: number }[];
    }
  ).rows;
  expect(tied).toBeGreaterThanOrEqual(3);
  await expectCustomerAllFromRows(t);
  await expectLineSumsFromLines(t);
  await expectBillerMonthsFromPartyMonths(t);
  await expectProductYearsFromMonths(t);
  await expectProductWeeksFromLines(t);
  await expectProductAllFromMonths(t);
  await expectDashboardSameAsPlain(t);
}

beforeAll(async () => {
  for (const [name, cost, price, category] of [
    ['Cola', 1, 1.5, 'Drinks'],
    ['Chips', 2, 3.25, 'Snacks'],
    ['Candy', 4, 5, ''],
  ] as const) {
    products.push(await createProduct(t, { name: `${TAG} ${name}`, costPrice: cost, sellingPrice: price, category }));
  }
  const billers: number[] = [];
  for (const company of ['North', 'South']) {
    billers.push((await post('POST', '/api/supplier/new/', { company: `${TAG} ${company}` })).json().biller.id);
  }
  // Created out of name order; two customers with one name (the page order falls back to the
  // id), one named like the walk-in row (then the key: walk-in 0 first), one without invoices.
  const customers: (number | null)[] = [null];
  for (const company of [`${TAG} Dock`, WALK_IN_CUSTOMER, `${TAG} Corner`, `${TAG} Dock`, `${TAG} Idle`]) {
    customers.push((await post('POST', '/api/customer/new/', { company })).json().customer.id);
  }
  customers.pop();
  for (let n = 0; n < 18; n++) {
    const { id } = await newInvoice();
    await setInvoice(id, {
      date: n % 2 ? rnd.pick(WEEK_DATES) : rnd.pick(DATES),
      billerID: rnd.pick(billers),
      customerID: rnd.pick(customers),
    });
    const lines: number[] = [];
    for (let l = 1 + Math.floor(rnd.next() * 4); l > 0; l--) {
      const line = await addLine(id, rnd.pick(products).id);
      const quantity = rnd.pick([1, 2, 5, -1, -2, 3]);
      const damagedGood = quantity < 0 && rnd.next() < 0.5;
      await post('PATCH', '/api/invoice/update/item/', { id: line.id, invoiceID: id, quantity, damagedGood });
      lines.push(line.id);
    }
    if (n % 5 !== 4) await setInvoice(id, { status: 'DUE', discountRedeemed: rnd.pick([0, 0.5]) });
    if (n % 3 === 0) await pay(id, { amountPaid: rnd.pick([1, 2.5, 100]) });
    invoices.push({ id, lines });
  }
}, 120_000);

// Each comparison reads every report under every period twice (about 20 s on the embedded database).
describe('reports from the roll-ups equal the plain definition', { timeout: 90_000 }, () => {
  it('over a random fixture around month edges, with every kind of period, status and search', async () => {
    await expectSameAsPlain();
  });

  it('after concurrent writers: scans, quantity changes, submits and payments on every invoice at once', async () => {
    // Each invoice gets its own writer; on PostgreSQL they run in parallel transactions on the pool.
    const writers = invoices.map(async (inv, i) => {
      const answers = [
        await post('POST', '/api/invoice/insert/', { invoiceID: inv.id, productID: products[i % 3].id }),
        await post('PATCH', '/api/invoice/update/item/', {
          id: inv.lines[0],
          invoiceID: inv.id,
          quantity: 2 + (i % 3),
        }),
        await setInvoice(inv.id, { status: 'DUE' }).then(() => ({ statusCode: 200 })),
        await pay(inv.id, { amountPaid: 0.5 }),
      ];
      return answers.map((a) => a.statusCode);
    });
    const statuses = (await Promise.all(writers)).flat();
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    await expectSameAsPlain();
  });

  it('after line edits, deletes and additions on submitted invoices, and payments', async () => {
    for (const [i, inv] of invoices.entries()) {
      if (i % 2 === 0) {
        const quantity = rnd.pick([4, -3, 7]);
        await post('PATCH', '/api/invoice/update/item/', { id: inv.lines[0], invoiceID: inv.id, quantity });
      }
      if (i % 3 === 1 && inv.lines.length > 1) await post('DELETE', `/api/invoice/delete/item/${inv.lines[1]}/`);
      if (i % 4 === 2) await pay(inv.id, { amountPaid: 1.25, discountRedeemed: 0.25 });
    }
    await expectSameAsPlain();
  });

  it('after status, date, customer and biller changes and deleted invoices', async () => {
    const ids = invoices.map((i) => i.id);
    await setInvoice(ids[0], { date: '2026-02-28' });
    await setInvoice(ids[1], { date: '2026-01-01', customerID: null });
    const db = t.database.db;
    // Changes the API may not offer (back to NEW, another status, a moved biller) straight in the table.
    await db.execute(sql`update invoices set status = 'NEW' where id = ${ids[2]}`);
    await db.execute(sql`update invoices set status = 'PAID' where id = ${ids[3]}`);
    await db.execute(sql`update invoices set status = 'DUE', date = '2026-01-31' where id = ${ids[4]}`);
    await db.execute(sql`update invoices set biller_id = (select biller_id from invoices where id = ${ids[6]})
      where id = ${ids[5]}`);
    // Within one month, to another of its weeks: the lines move between the weekly rows.
    for (const date of ['2026-01-09', '2026-01-24', '2026-01-26']) {
      await db.execute(sql`update invoices set date = ${date} where id = ${ids[9]}`);
    }
    await expectSameAsPlain();
    for (const id of [ids[7], ids[8]]) {
      await db.execute(sql`delete from payments where invoice_id = ${id}`);
      await db.execute(sql`delete from invoices where id = ${id}`);
    }
    await expectSameAsPlain();
  });

  it('counts a new customer once when its first invoices are submitted at once, and drops it with its last', async () => {
    const db = t.database.db;
    const count = async () => {
      await foldRollups(db);
      const read = await db.execute(sql`select customers::int as n from report_customer_count`);
      return (read as unknown as { rows: { n: number }[] }).rows[0].n;
    };
    const before = await count();
    const customerID = (await post('POST', '/api/customer/new/', { company: `${TAG} Newcomer` })).json().customer.id;
    const ids: number[] = [];
    for (let n = 0; n < 4; n++) {
      const { id } = await newInvoice();
      await setInvoice(id, { customerID, date: '2026-01-15' });
      await addLine(id, products[0].id);
      ids.push(id);
    }
    await Promise.all(ids.map((id) => setInvoice(id, { status: 'DUE' })));
    expect(await count()).toBe(before + 1);
    await expectSameAsPlain();
    await db.execute(sql`update invoices set status = 'NEW' where customer_id = ${customerID}`);
    expect(await count()).toBe(before);
    await expectSameAsPlain();
  });

  it('lists a renamed customer under its new name on every page (the name kept on its all-history row)', async () => {
    const db = t.database.db;
    const read = await db.execute(sql`select id from customers where company = ${`${TAG} Corner`}`);
    const [{ id }] = (read as unknown as { rows: { id: number }[] }).rows;
    const customer = (await post('POST', `/api/customer/${id}/`)).json().customer;
    // From the start of the list to its end, and back before the customers sharing a name.
    for (const company of [`${TAG} Zed`, `${TAG} Alpha`]) {
      expect((await post('PATCH', '/api/customer/update/', { ...customer, company })).statusCode).toBe(200);
      await expectSameAsPlain();
    }
  });

  it("sums sales by the product's current category, and a line whose product is gone as Uncategorized", async () => {
    const db = t.database.db;
    // What a product edit and a product's removal (its lines' product id set null) do to the rows.
    await db.execute(sql`update products set category = 'Sweets' where id = ${products[2].id}`);
    await db.execute(sql`update invoice_items set product_id = null where product_id = ${products[1].id}
      and invoice_id in (select id from invoices where status <> 'NEW' order by id limit 3)`);
    const range = { from: '2025-12-01', until: '2026-04-01' };
    const categories = (await dashboardRepository.byCategory(db, range)).map((r) => r.category).sort();
    expect(categories).toEqual(['Drinks', 'Snacks', 'Sweets', 'Uncategorized']);
    await expectSameAsPlain();
  });

  it('keeps the per-biller months when a party month row is deleted and written again', async () => {
    const db = t.database.db;
    await foldRollups(db as unknown as Tx);
    const [row] = (
      (await db.execute(sql`select * from report_party_months where invoices > 0 order by month, customer_id
      limit 1`)) as unknown as { rows: Record<string, unknown>[] }
    ).rows;
    await db.execute(sql`delete from report_party_months where month = ${row.month} and status = ${row.status}
      and customer_id = ${row.customer_id} and biller_id = ${row.biller_id}`);
    await expectBillerMonthsFromPartyMonths(t);
    const columns = Object.keys(row);
    await db.execute(
      sql`insert into report_party_months (${sql.raw(columns.join(', '))}) values (${sql.join(
        columns.map((c) => sql`${row[c]}`),
        sql`, `,
      )})`,
    );
    await expectBillerMonthsFromPartyMonths(t);
    await expectSameAsPlain();
  });

  it.runIf(process.env.DB_KIND === 'postgres')(
    'counts the writes not folded yet where a period subtracts days (a fold held off by another transaction)',
    async () => {
      const db = t.database.db;
      // January 3 is subtracted from January read whole by a period from the 15th on, and added by
      // none: a write there that no fold has moved yet must still count once, not minus once.
      const [first] = (
        (await db.execute(sql`select id from invoices where status <> 'NEW' order by id limit 1`)) as unknown as {
          rows: { id: number }[];
        }
      ).rows;
      await setInvoice(first.id, { date: '2026-01-03' });
      await withFoldsHeld(t, async () => {
        await addLine(first.id, products[0].id);
        expect((await pay(first.id, { amountPaid: 0.5 })).statusCode).toBe(200);
        const pending = (await db.execute(sql`select (select count(*) from report_party_month_deltas)
          + (select count(*) from report_product_month_deltas) as n`)) as unknown as { rows: { n: string }[] };
        expect(Number(pending.rows[0].n)).toBeGreaterThan(0);
        for (const name of NAMES) {
          for (const f of [
            // January's first week taken off whole: the write of the 3rd is in that week's deltas.
            { startDate: '2026-01-02', endDate: '2026-02-28' },
            // Every kind of filter the exactness test reads (periods cut or whole, statuses, searches).
            ...FILTERS,
          ]) {
            const filter = reportFilter.parse({ currentPage: 1, resultsPerPage: 100, ...f }) as Filter;
            // The customer reports' counts and all-history rows are kept by the fold (reportNeedsFold):
            // their reads are compared here where no customer is added to a month or to all history.
            if (reportNeedsFold(name) && everyStatusAllHistory(filter, name === 'customer')) continue;
            const plain = await reportsRepository[name](db as unknown as Tx, filter);
            const read = await rollupReportsWithoutFold[name](db as unknown as Tx, filter);
            expect(read, `${name} ${JSON.stringify(f)}`).toEqual(plain);
          }
        }
        // The dashboard's figures that read without a fold, over the same pending writes.
        await expectDashboardSameAsPlain(t, { foldHeld: true });
      });
      await expectSameAsPlain();
    },
  );

  it('keeps no roll-up row for a NEW invoice (scans never write one)', async () => {
    const { id } = await newInvoice();
    const before = await t.database.db.execute(sql`select count(*)::int as n,
      (select coalesce(sum(lines), 0)::int from report_product_months) as l from report_party_months`);
    expect((await addLine(id, products[0].id)).id).toBeGreaterThan(0);
    const after = await t.database.db.execute(sql`select count(*)::int as n,
      (select coalesce(sum(lines), 0)::int from report_product_months) as l from report_party_months`);
    expect((after as unknown as { rows: unknown[] }).rows).toEqual((before as unknown as { rows: unknown[] }).rows);
  });
});
