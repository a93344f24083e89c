// What the many-writers bench checks after its load (bench/writers.ts): every total and roll-up
// beside its rows, and 1,000 keyed writes replayed.
import { reportFilter, todayIn } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client.js';
import { foldRollups } from '../src/db/rollups.js';
import { reportsRepository } from '../src/modules/reports/reports.repository.js';
import { rollupReports } from '../src/modules/reports/reports-rollup.repository.js';
import { storedBesideRecomputed } from '../test/stored-totals.js';
import { type Api, type Fixture, INVOICES, MIX, type Op, request } from './writers-client.js';

type Rows = Record<string, unknown>[];
const rowsOf = async (database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: Rows }).rows.map((r) => JSON.stringify(r));

/** Every stored total recomputed from its lines and payments; every roll-up beside its plain definition. */
export async function verify(url: string): Promise<string[]> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  const problems: string[] = [];
  try {
    await foldRollups(database.db);
    for (const { id, stored, recomputed } of await storedBesideRecomputed(database.db)) {
      if (JSON.stringify(stored) !== JSON.stringify(recomputed)) problems.push(`invoice ${id}: stored totals differ`);
    }
    const same = async (what: string, a: ReturnType<typeof sql>, b: ReturnType<typeof sql>) => {
      const [x, y] = await Promise.all([rowsOf(database, a), rowsOf(database, b)]);
      if (JSON.stringify(x) !== JSON.stringify(y)) problems.push(`${what}: roll-up differs from the rows`);
    };
    await same(
      'invoice list day totals',
      sql`select date::text, biller_id, type, status, invoices::int, total::int, paid::int, balance::int
        from invoice_day_totals where invoices <> 0 order by 1, 2, 3, 4`,
      sql`select date::text, biller_id, type, status, count(*)::int as invoices, sum(total)::int as total,
        sum(paid)::int as paid, sum(balance)::int as balance from invoices where status <> 'NEW' group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    );
    await same(
      'stock ledger blocks',
      sql`select block, location_id, kind, movements::int as n from stock_movement_blocks where movements <> 0
        order by 1, 2, 3`,
      sql`select (id / 4096)::int as block, coalesce(location_id, 0) as location_id, coalesce(kind, '*') as kind,
          count(*)::int as n from stock_movements
        group by grouping sets ((id / 4096, location_id, kind), (id / 4096)) order by 1, 2, 3`,
    );
    await same(
      'quantity sold',
      sql`select id, quantity_sold::int as q from products order by id`,
      sql`select p.id, coalesce((select sum(c.quantity) from invoice_items c join invoices i on i.id = c.invoice_id
        where c.product_id = p.id and i.status <> 'NEW'), 0)::int as q from products p order by p.id`,
    );
    await same(
      'weekly product roll-up',
      sql`select week::text, status, kind, barcode, product_name, lines::int, quantity::int, cost::int, subtotal::int
        from report_product_weeks where lines <> 0 or quantity <> 0 or cost <> 0 or subtotal <> 0 order by 1, 2, 3, 4, 5`,
      sql`select * from (select report_week(i.date)::text as week, i.status,
          case when not c.damaged_good and c.quantity > 0 then 'S' when not c.damaged_good and c.quantity < 0 then 'R'
            when c.damaged_good and c.quantity < 0 then 'D' end as kind, c.barcode, c.product_name, count(*)::int as lines,
          sum(c.quantity)::int as quantity, sum(c.quantity::bigint * c.cost_price)::int as cost, sum(c.subtotal)::int as subtotal
        from invoice_items c join invoices i on i.id = c.invoice_id where i.status <> 'NEW' group by 1, 2, 3, 4, 5) s
        where kind is not null order by 1, 2, 3, 4, 5`,
    );
    await same(
      'weekly sales per product id',
      sql`select week::text, product_id, lines::int, subtotal::int from report_product_id_weeks
        where lines <> 0 or subtotal <> 0 order by 1, 2`,
      sql`select report_week(i.date)::text as week, coalesce(c.product_id, 0) as product_id, count(*)::int as lines,
          sum(c.subtotal)::int as subtotal
        from invoice_items c join invoices i on i.id = c.invoice_id where i.status <> 'NEW' and c.quantity > 0
        group by 1, 2 order by 1, 2`,
    );
    for (const name of Object.keys(rollupReports) as (keyof typeof rollupReports)[]) {
      const filter = { ...reportFilter.parse({}), currentPage: 1, resultsPerPage: 100_000 };
      const [plain, served] = await Promise.all([
        reportsRepository[name](database.db, filter),
        rollupReports[name](database.db, filter),
      ]);
      if (JSON.stringify(plain) !== JSON.stringify(served))
        problems.push(`${name} report: roll-up differs from the rows`);
    }
  } finally {
    await database.close();
  }
  return problems;
}

/** What the writes changed: rows of each kind and every invoice's stored figures. */
async function dataState(admin: pg.Client): Promise<string> {
  const { rows } = await admin.query(`select
    (select count(*) from payments) as payments, (select count(*) from receipts) as receipts,
    (select count(*) from invoice_items) as lines,
    (select md5(string_agg(concat_ws(',', id, status, total, paid, balance), '|' order by id)) from invoices) as invoices,
    (select md5(string_agg(concat_ws(',', id, quantity, subtotal), '|' order by id)) from invoice_items) as items`);
  return JSON.stringify(rows[0]);
}

/**
 * 1,000 writes with their Idempotency-Keys sent twice at once, one pass through each instance
 * (20 clients each), then a third time: every key must get one answer (the same on every pass),
 * the third pass must change nothing, and each payment and receipt must exist once.
 */
export async function replay(apis: Api[], fixture: Fixture, url: string, clients: number) {
  const database = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await replayOn(apis, fixture, admin, database, clients);
  } finally {
    await admin.end();
  }
}

async function replayOn(apis: Api[], fixture: Fixture, admin: pg.Client, database: string, clients: number) {
  const today = todayIn('UTC');
  const writes = Array.from({ length: 1000 }, (_, i) => {
    const op = MIX[i % MIX.length];
    const [method, path, body] = request(op, fixture.invoices[(i * 7) % INVOICES], fixture, i, today);
    return { op, method, path, body, key: `replay-${database}-${i}` };
  });
  const pass = async (api: Api) => {
    const answers: Awaited<ReturnType<Api>>[] = new Array(writes.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        for (let i = next++; i < writes.length; i = next++) {
          const w = writes[i];
          answers[i] = await api(w.method, w.path, w.body, w.key);
        }
      }),
    );
    return answers;
  };
  const before = JSON.parse(await dataState(admin));
  const started = performance.now();
  const [a, b] = await Promise.all([pass(apis[0]), pass(apis[1])]);
  const seconds = (performance.now() - started) / 1000;
  const afterTwo = await dataState(admin);
  const c = await pass(apis[0]);
  const afterThree = await dataState(admin);
  const problems: string[] = [];
  let replayed = 0;
  for (let i = 0; i < writes.length; i++) {
    if (a[i].status !== b[i].status || a[i].text !== b[i].text)
      problems.push(`${writes[i].key}: the two passes answered differently`);
    if (c[i].status !== a[i].status || c[i].text !== a[i].text)
      problems.push(`${writes[i].key}: the third pass answered differently`);
    if (!c[i].replayed) problems.push(`${writes[i].key}: the third pass was carried out again`);
    if (a[i].replayed || b[i].replayed) replayed++;
  }
  if (afterThree !== afterTwo) problems.push('the third pass changed the data');
  const after = JSON.parse(afterTwo);
  const done = (op: Op) => writes.filter((w, i) => w.op === op && a[i].status === 200).length;
  if (after.payments - before.payments !== done('payment') + done('receipt')) {
    problems.push(
      `payments: ${after.payments - before.payments} new for ${done('payment') + done('receipt')} accepted`,
    );
  }
  if (after.receipts - before.receipts !== done('receipt')) {
    problems.push(`receipts: ${after.receipts - before.receipts} new for ${done('receipt')} accepted`);
  }
  const statuses = new Map<number, number>();
  for (const r of a) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  console.log(
    `Replay: 1,000 keyed writes twice at once through both instances in ${seconds.toFixed(1)} s (answers ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}; ${replayed} answered from the other pass), then a third time: ${problems.length ? `${problems.length} problems\n  ${problems.slice(0, 10).join('\n  ')}` : 'every key carried out once, every answer the same, the third pass changed nothing'}`,
  );
  return problems.length === 0;
}

/** Runs the phases and prints their figures; answers false when a write failed or a total is wrong. */
