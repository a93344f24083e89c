// What the route bench (bench/route.ts) checks after the syncs, and the plans of the download's
// reads at the bench's scale.
import { isoWeekday, todayIn } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../src/db/client.js';
import { deliveryRoutesRepository as repo } from '../src/modules/delivery-routes/delivery-routes.repository.js';
import { storedBesideRecomputed } from '../test/stored-totals.js';
import { type Expected, INVOICES_PER_DAY, LINES_PER_INVOICE } from './route-device.js';

type Rows = Record<string, number | string>[];
const rowsOf = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Rows }).rows;

/**
 * Every invoice's stored totals beside (1) the shared recomputation by the contracts' rule
 * (test/stored-totals.ts), (2) plain SQL sums of its lines and payments, and (3) what the device
 * printed and was paid; and the count of invoices per device.
 */
export async function checkSyncs(
  db: Db,
  devices: { fleet: string[]; solo: string },
  expected: Map<string, Expected>,
): Promise<{ summary: string[]; problems: string[] }> {
  const problems: string[] = [];
  let checked = 0;
  for (const { id, stored, recomputed } of await storedBesideRecomputed(db)) {
    checked++;
    if (JSON.stringify(stored) !== JSON.stringify(recomputed)) problems.push(`invoice ${id}: stored totals differ`);
  }
  const sums = await rowsOf(
    db,
    sql`select i.id, i.invoice_no, i.device_id, i.total, i.amount_credited, i.paid, i.balance,
      coalesce(l.sold, 0)::int as sold, coalesce(l.credited, 0)::int as credited,
      coalesce(p.paid, 0)::int as paid_rows, coalesce(p.discount, 0)::int + i.header_discount as discount,
      coalesce(l.bad_subtotals, 0)::int as bad_subtotals, coalesce(l.lines, 0)::int as lines
    from invoices i
    left join (select invoice_id, sum(subtotal) filter (where quantity > 0) as sold,
        -sum(subtotal) filter (where quantity < 0) as credited, count(*) as lines,
        count(*) filter (where subtotal <> quantity * selling_price) as bad_subtotals
      from invoice_items group by invoice_id) l on l.invoice_id = i.id
    left join (select invoice_id, sum(amount_paid) as paid, sum(discount_redeemed) as discount
      from payments group by invoice_id) p on p.invoice_id = i.id
    order by i.id`,
  );
  const perDevice = new Map<string, number>();
  for (const r of sums) {
    const no = String(r.invoice_no);
    perDevice.set(String(r.device_id), (perDevice.get(String(r.device_id)) ?? 0) + 1);
    const sqlBalance = Number(r.sold) - Number(r.credited) - Number(r.paid_rows) - Number(r.discount);
    if (
      r.total !== r.sold ||
      r.amount_credited !== r.credited ||
      r.paid !== r.paid_rows ||
      r.balance !== sqlBalance ||
      r.bad_subtotals !== 0
    ) {
      problems.push(
        `${no}: stored ${r.total}/${r.amount_credited}/${r.paid}/${r.balance}, SQL ${r.sold}/${r.credited}/${r.paid_rows}/${sqlBalance}`,
      );
    }
    const e = expected.get(no);
    if (!e) {
      problems.push(`${no}: stored, but no device sent it`);
      continue;
    }
    if (
      r.total !== e.total ||
      r.amount_credited !== e.amountCredited ||
      r.paid !== e.paid ||
      r.lines !== LINES_PER_INVOICE
    ) {
      problems.push(
        `${no}: stored ${r.total}/${r.amount_credited}/${r.paid}, the device printed ${e.total}/${e.amountCredited}/${e.paid}`,
      );
    }
  }
  const fleetInvoices = devices.fleet.reduce((n, d) => n + (perDevice.get(d) ?? 0), 0);
  const wanted = devices.fleet.length * INVOICES_PER_DAY;
  if (fleetInvoices !== wanted) problems.push(`${fleetInvoices} invoices of the fleet's devices stored, not ${wanted}`);
  const [files] = await rowsOf(
    db,
    sql`select (select count(*) from payments where cheque_file_id is not null)::int as cheques,
      (select count(*) from invoice_proofs)::int as proofs, (select count(*) from device_flags)::int as flags,
      (select coalesce(sum(size), 0) from files)::bigint as bytes`,
  );
  if (sums.length !== expected.size) problems.push(`${sums.length} invoices stored, ${expected.size} sent`);
  if (files.cheques !== expected.size || files.proofs !== expected.size) {
    problems.push(`${files.cheques} cheque photos and ${files.proofs} proofs for ${expected.size} invoices`);
  }
  return {
    summary: [
      `${fleetInvoices} invoices from the ${devices.fleet.length} devices (+ ${perDevice.get(devices.solo) ?? 0} of the single device), ${sums.length} in all`,
      `${checked} invoices: stored total/amountCredited/paid/balance beside test/stored-totals.ts, SQL sums of invoice_items and payments, and what the device printed`,
      `${files.cheques} cheque photos, ${files.proofs} proofs of delivery, ${(Number(files.bytes) / 1e6).toFixed(1)} MB of files; ${files.flags} device flags`,
    ],
    problems,
  };
}

/** EXPLAIN ANALYZE of the download's reads of a driver at the bench's scale: the plan and its time. */
export async function explainDownload(
  db: Db,
  client: pg.Client,
  driverId: number,
  groups: number[],
): Promise<string[]> {
  const route = await repo.findByDriver(db, driverId);
  if (!route) throw new Error('the driver has no route');
  const weekday = isoWeekday(todayIn('America/Chicago'));
  const queries = {
    'catalog (products, active, by id)': repo.catalog(db).toSQL(),
    [`group prices (${groups.length} groups)`]: (
      repo.groupPrices(db, groups) as unknown as { toSQL(): { sql: string; params: unknown[] } }
    ).toSQL(),
    "today's stops with open balances": repo.dayStops(db, route.id, weekday).toSQL(),
  };
  const out: string[] = [];
  for (const [name, q] of Object.entries(queries)) {
    await client.query(q.sql, q.params); // warm, as a second download finds it
    const { rows } = await client.query(`explain (analyze, buffers) ${q.sql}`, q.params);
    const { rowCount } = await client.query(q.sql, q.params);
    const plan = rows.map((r: Record<string, string>) => r['QUERY PLAN']);
    const time = plan.find((l: string) => l.startsWith('Execution Time')) ?? '';
    out.push(`  ${name}: ${rowCount} rows, ${time}`);
    for (const line of plan.filter((l: string) => !l.startsWith('Execution Time'))) out.push(`      ${line}`);
  }
  return out;
}
