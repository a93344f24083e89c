import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/helpers.js';
import type { Tx } from './client.js';
import { customersWithInvoices, LOOKED_UP_ONE_BY_ONE } from './customer-months.js';
import type { PeriodBounds } from './periods.js';
import { foldRollups } from './rollups.js';
import { Random } from './seed/random.js';

/**
 * The customers with invoices in a period, counted from the kept months and pairs of migration
 * 0069 (customersWithInvoices), against the plain definition (distinct customers of the counted
 * invoices dated in the period): over random invoices on and around month edges, for periods
 * with open ends, cut at one end or both, days at both ends and no whole month between them
 * bought by some customers only, and after statements that move many invoices at once. The kept
 * tables themselves are held to a recomputation from the invoices after every step.
 */
const t = testApp();
const db = () => t.database.db as unknown as Tx;
const rows = async <T>(query: SQL) => ((await db().execute(query)) as unknown as { rows: T[] }).rows;
const rnd = new Random(69);

const DATES = [
  '2025-10-03',
  '2025-10-31',
  '2025-11-01',
  '2025-11-14',
  '2025-11-15',
  '2025-11-30',
  '2025-12-01',
  '2025-12-20',
  '2026-01-10',
  '2026-02-01',
  '2026-02-27',
  '2026-03-15',
  '2026-04-02',
];
const STATUSES = ['DUE', 'DUE', 'PAID', 'PAID', 'REFUND', 'NEW'];

const PERIODS: PeriodBounds[] = [
  {},
  { year: 2025 },
  { year: 2026, month: 2 },
  { month: 11 },
  { startDate: '2025-11-01', endDate: '2026-01-31' },
  // Cut at the start, at the end, at both; open at either end.
  { startDate: '2025-11-15', endDate: '2026-01-31' },
  { startDate: '2025-11-01', endDate: '2026-02-27' },
  { startDate: '2025-11-15', endDate: '2026-02-14' },
  { startDate: '2025-10-31', endDate: '2026-03-15' },
  { startDate: '2025-11-15' },
  { endDate: '2025-12-20' },
  { startDate: '2025-10-04', endDate: '2025-12-01' },
  // One whole month between two cut ones; no whole month at all; one day.
  { startDate: '2025-10-31', endDate: '2025-12-01' },
  { startDate: '2025-11-14', endDate: '2025-12-20' },
  { startDate: '2025-11-15', endDate: '2025-11-30' },
  { startDate: '2026-02-01', endDate: '2026-02-01' },
  { startDate: '2027-01-01' },
];

/** The plain definition: distinct customers (walk-in sales: 0) of the counted invoices in the period. */
async function plainCount(period: PeriodBounds, status: string | undefined, walkIns: boolean) {
  const { startDate, endDate, month, year } = period;
  const conditions = [sql`status <> 'NEW'`];
  if (status) conditions.push(sql`status = ${status}`);
  if (startDate) conditions.push(sql`date >= ${startDate}`);
  if (endDate) conditions.push(sql`date <= ${endDate}`);
  if (year) conditions.push(sql`extract(year from date) = ${year}`);
  if (month) conditions.push(sql`extract(month from date) = ${month}`);
  if (!walkIns) conditions.push(sql`customer_id is not null`);
  const [{ n }] = await rows<{ n: number }>(
    sql`select count(distinct coalesce(customer_id, 0))::int as n from invoices where ${sql.join(conditions, sql` and `)}`,
  );
  return n;
}

async function expectCountsAsPlain() {
  await foldRollups(db());
  for (const period of PERIODS) {
    for (const status of [undefined, 'DUE', 'PAID', 'REFUND']) {
      for (const walkIns of [true, false]) {
        const plain = await plainCount(period, status, walkIns);
        // Both ways of finding a cut month's buyers: one by one (few candidates), and matched
        // against the cut days' invoices (many: here forced by a limit of 0).
        for (const upTo of [LOOKED_UP_ONE_BY_ONE, 0]) {
          const [{ n }] = await rows<{ n: number }>(
            sql`select ${customersWithInvoices(period, status, walkIns, upTo)}::int as n`,
          );
          const label = `${JSON.stringify(period)} ${status ?? 'any'} ${walkIns ? 'with' : 'without'} walk-ins, ${upTo}`;
          expect(n, label).toBe(plain);
        }
      }
    }
  }
  // The kept months: each customer's months with counted invoices, per status and any, linked.
  const kept = await rows(sql`select status, customer_id, month::text, prev::text, next::text
    from report_customer_months order by 1, 2, 3`);
  const recomputed = await rows(sql`with m as (
      select distinct s.status, coalesce(i.customer_id, 0) as customer_id, date_trunc('month', i.date)::date as month
      from invoices i cross join lateral (values (i.status), ('*')) s(status) where i.status <> 'NEW')
    select status, customer_id, month::text,
      coalesce(lag(month) over w, '-infinity')::text as prev, coalesce(lead(month) over w, 'infinity')::text as next
    from m window w as (partition by status, customer_id order by month) order by 1, 2, 3`);
  expect(kept).toEqual(recomputed);
  const pairs = await rows(sql`select status, month::text, prev::text, customers::int from report_customer_month_pairs
    order by 1, 2, 3`);
  const counted = await rows(sql`select status, month::text, prev::text, count(*)::int as customers
    from report_customer_months group by 1, 2, 3 order by 1, 2, 3`);
  expect(pairs).toEqual(counted);
}

beforeAll(async () => {
  const customers: (number | null)[] = [null];
  for (let c = 0; c < 12; c++) {
    const [{ id }] = await rows<{ id: number }>(
      sql`insert into customers (company) values (${`Months ${String(c).padStart(2, '0')}`}) returning id`,
    );
    customers.push(id);
  }
  // One statement per 20 invoices, as a bulk import would write them.
  for (let batch = 0; batch < 8; batch++) {
    const values = Array.from({ length: 20 }, (_, n) => {
      const number = `CM/${batch * 20 + n}`;
      return sql`(${number}, ${rnd.pick(DATES)}, ${rnd.pick(customers)}, ${rnd.pick(STATUSES)})`;
    });
    await db().execute(
      sql`insert into invoices (invoice_no, date, customer_id, status) values ${sql.join(values, sql`, `)}`,
    );
  }
}, 60_000);

describe('the customers with invoices in a period (kept months and pairs)', () => {
  it('count as the distinct customers of the invoices, for every kind of period, status and walk-ins', async () => {
    await expectCountsAsPlain();
  });

  it('stay exact after statements that move many invoices: status, date, customer, deletes', async () => {
    await db().execute(sql`update invoices set status = 'PAID' where status = 'DUE' and id % 3 = 0`);
    await db().execute(sql`update invoices set status = 'DUE' where status = 'NEW' and id % 2 = 0`);
    await expectCountsAsPlain();
    await db().execute(sql`update invoices set date = date + 17 where id % 4 = 1`);
    await db().execute(sql`update invoices set customer_id = null where id % 7 = 0`);
    await expectCountsAsPlain();
    await db().execute(sql`delete from invoices where id % 5 = 2`);
    await db().execute(sql`update invoices set status = 'NEW' where id % 6 = 5`);
    await expectCountsAsPlain();
  });

  it("drop a customer's month when its last invoice of that month goes, and link its months again", async () => {
    const [{ id }] = await rows<{ id: number }>(
      sql`insert into customers (company) values ('Months Gap') returning id`,
    );
    for (const [n, date] of ['2025-10-31', '2025-11-30', '2025-12-01'].entries()) {
      await db().execute(
        sql`insert into invoices (invoice_no, date, customer_id, status) values (${`CM/gap/${n}`}, ${date}, ${id}, 'DUE')`,
      );
    }
    await expectCountsAsPlain();
    await db().execute(sql`delete from invoices where invoice_no = 'CM/gap/1'`);
    await foldRollups(db());
    const months = await rows(sql`select month::text, prev::text, next::text from report_customer_months
      where customer_id = ${id} and status = '*' order by 1`);
    expect(months).toEqual([
      { month: '2025-10-01', prev: '-infinity', next: '2025-12-01' },
      { month: '2025-12-01', prev: '2025-10-01', next: 'infinity' },
    ]);
    await expectCountsAsPlain();
  });
});
