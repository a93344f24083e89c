import { addDays, isoWeekday, todayIn } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';
import { rowsOf } from '../../db/client.js';
import { numberBlocksRepository } from './number-blocks.repository.js';
import { routeProgressRepository } from './route-progress.repository.js';

const t = testApp();
const inv = invoiceCalls(() => t);
const today = todayIn('America/Chicago');
const yesterday = addDays(today, -1);

const ok = async (method: string, url: string, body: unknown, token = t.adminToken) => {
  const res = await t.call(method as 'POST', url, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/**
 * Routes Today as it was computed before invoices kept their block (migration 0033): each device
 * invoice's block found by searching the device's blocks for its number. The figures must not change.
 */
async function progressBySearch(day: string, weekday: number) {
  const result = await t.database.db.execute(sql`
    with inv as (
      select i.id, i.customer_id, i.total - i.amount_credited as sold, i.paid, i.created_at, b.user_id
      from invoices i
      join number_blocks b on b.device_id = i.device_id
        and b.numbers @> array[substring(i.invoice_no from 9)::int]
      where i.date = ${day} and i.device_id is not null
    )
    select r.id as route_id, r.name as route, u.username as driver, r.truck,
      (select count(*) from route_stops s where s.route_id = r.id and s.weekday = ${weekday})::int as stops,
      (select count(distinct inv.customer_id) from inv
        join route_stops s on s.route_id = r.id and s.weekday = ${weekday} and s.customer_id = inv.customer_id
        where inv.user_id = r.driver_id)::int as done,
      (select count(*) from route_visits v
        join route_stops s on s.route_id = r.id and s.weekday = ${weekday} and s.customer_id = v.customer_id
        where v.user_id = r.driver_id and v.day = ${day} and v.state = 'skipped')::int as skipped,
      (select count(*) from inv where inv.user_id = r.driver_id)::int as invoices,
      (select coalesce(sum(inv.sold), 0) from inv where inv.user_id = r.driver_id)::bigint as sold,
      (select coalesce(sum(inv.paid), 0) from inv where inv.user_id = r.driver_id)::bigint as collected,
      (select max(inv.created_at) from inv where inv.user_id = r.driver_id) as last_sync,
      (select count(*) from device_flags f join inv on inv.id = f.invoice_id
        where inv.user_id = r.driver_id and f.resolved_at is null)::int as flags
    from delivery_routes r join users u on u.id = r.driver_id
    order by r.name, r.id`);
  return rowsOf(result).map((r) => ({
    routeID: Number(r.route_id),
    route: String(r.route),
    driver: String(r.driver),
    truck: String(r.truck),
    stops: Number(r.stops),
    done: Number(r.done),
    skipped: Number(r.skipped),
    invoices: Number(r.invoices),
    sold: Number(r.sold),
    collected: Number(r.collected),
    lastSync: r.last_sync ? new Date(r.last_sync as string).toISOString() : null,
    flags: Number(r.flags),
  }));
}

/** A block's used numbers as they were read before: each of its numbers that an invoice has. */
async function usedBySearch(blockIds: number[]) {
  const result = await t.database.db.execute(sql`
    select b.id, n
    from number_blocks b cross join lateral unnest(b.numbers) as n
    where b.id in (${sql.join(
      blockIds.map((id) => sql`${id}`),
      sql`, `,
    )})
      and exists (select 1 from invoices i where i.invoice_no = 'Invoice/' || n)
    order by b.id, n`);
  const used = new Map<number, number[]>(blockIds.map((id) => [id, []]));
  for (const r of rowsOf(result)) used.get(Number(r.id))?.push(Number(r.n));
  return used;
}

describe('device invoices keep their number block', () => {
  it('stores the block on the invoice; Routes Today and the used numbers answer as before with several blocks per device across days', async () => {
    const dan = await t.createUser('driver.dan');
    const eve = await t.createUser('driver.eve');
    for (const driver of [dan, eve]) await ok('PATCH', '/api/user/update/', { id: driver.id, driver: true });
    const stores: number[] = [];
    for (const company of [
      'Express Mart',
      'Corner Market',
      'Quick Stop',
      'Night Owl',
      'Harbor Deli',
      'Main St Grocer',
    ]) {
      stores.push((await ok('POST', '/api/customer/new/', { company })).customer.id);
    }
    const [s1, s2, s3, s4, s5, s6] = stores;
    const cola = await createProduct(t, {
      name: 'Cola',
      costPrice: 0.8,
      sellingPrice: 1.25,
      suggestedRetailPrice: 1.99,
    });
    const wdToday = isoWeekday(today);
    const wdYesterday = isoWeekday(yesterday);
    await ok('POST', '/api/route/new/', {
      name: 'North loop',
      driverID: dan.id,
      truck: 'Truck 12',
      stops: [
        ...[s1, s2, s3].map((customerID) => ({ weekday: wdToday, customerID })),
        ...[s1, s4].map((customerID) => ({ weekday: wdYesterday, customerID })),
      ],
    });
    await ok('POST', '/api/route/new/', {
      name: 'South loop',
      driverID: eve.id,
      truck: 'Truck 7',
      stops: [s5, s6].map((customerID) => ({ weekday: wdToday, customerID })),
    });

    const reserve = async (token: string, deviceID: string, count: number) =>
      (await ok('POST', '/api/route/numbers/reserve/', { deviceID, count }, token)).block as {
        id: number;
        numbers: number[];
      };
    const toYesterday = (id: number) =>
      t.database.db.execute(sql`update number_blocks set day = ${yesterday} where id = ${id}`);
    const sell = async (
      token: string,
      deviceID: string,
      number: number,
      customerID: number,
      date: string,
      quantity: number,
      paid: number,
    ) =>
      (
        await ok(
          'POST',
          '/api/route/invoice/',
          {
            deviceID,
            number,
            customerID,
            date,
            lines: [
              {
                productID: cola.id,
                productName: 'Cola',
                barcode: cola.barcode,
                quantity,
                costPrice: 0.8,
                sellingPrice: 1.25,
                suggestedRetailPrice: 1.99,
              },
            ],
            totals: { total: quantity * 1.25, amountCredited: 0 },
            payments: paid ? [{ paymentType: 'cash', amount: paid }] : [],
          },
          token,
        )
      ).invoice as { id: number; invoiceNo: string };

    // Yesterday: Dan's phone and tablet each had a block.
    const b1 = await reserve(dan.token, 'phone-dan-0001', 5);
    await toYesterday(b1.id);
    const b2 = await reserve(dan.token, 'tablet-dan-0002', 5);
    await toYesterday(b2.id);
    const sold: { invoice: { id: number }; block: number }[] = [];
    const keep = async (block: number, invoice: Promise<{ id: number }>) =>
      sold.push({ invoice: await invoice, block });
    await keep(b1.id, sell(dan.token, 'phone-dan-0001', b1.numbers[0], s1, yesterday, 8, 10));
    await keep(b1.id, sell(dan.token, 'phone-dan-0001', b1.numbers[1], s4, yesterday, 4, 0));
    await keep(b2.id, sell(dan.token, 'tablet-dan-0002', b2.numbers[0], s1, yesterday, 2, 2.5));
    // Not a stop of yesterday's weekday: an invoice, not a stop done.
    await keep(b2.id, sell(dan.token, 'tablet-dan-0002', b2.numbers[1], s2, yesterday, 1, 0));

    // Today: the phone's new block runs low (3 numbers) and it takes another.
    const b3 = await reserve(dan.token, 'phone-dan-0001', 3);
    expect(b3.id).not.toBe(b1.id);
    await keep(b3.id, sell(dan.token, 'phone-dan-0001', b3.numbers[0], s1, today, 6, 7.5));
    const b4 = await reserve(dan.token, 'phone-dan-0001', 3);
    expect(b4.id).not.toBe(b3.id);
    await keep(b4.id, sell(dan.token, 'phone-dan-0001', b4.numbers[0], s2, today, 3, 0));
    // Made offline from yesterday's block, which was released meanwhile: stored and flagged.
    await ok('POST', `/api/route/numbers/release/${b1.id}/`, undefined);
    await keep(b1.id, sell(dan.token, 'phone-dan-0001', b1.numbers[2], s3, today, 1, 1.25));
    // Eve, on her own device and route.
    const c1 = await reserve(eve.token, 'phone-eve-0001', 5);
    await keep(c1.id, sell(eve.token, 'phone-eve-0001', c1.numbers[0], s5, today, 10, 12.5));
    await ok(
      'POST',
      '/api/route/visit/',
      {
        deviceID: 'phone-eve-0001',
        date: today,
        customerID: s6,
        state: 'skipped',
        reason: 'Closed',
        at: new Date().toISOString(),
      },
      eve.token,
    );
    const office = await inv.newInvoice();

    // Each stored invoice carries the block its number came from; the office's none.
    const stored = new Map(
      rowsOf(await t.database.db.execute(sql`select id, number_block_id from invoices`)).map((r) => [
        Number(r.id),
        r.number_block_id === null ? null : Number(r.number_block_id),
      ]),
    );
    for (const { invoice, block } of sold) expect(stored.get(invoice.id)).toBe(block);
    expect(stored.get(office.id)).toBeNull();

    // Routes Today, by block id, equals the figures found by searching the blocks' numbers.
    for (const [day, weekday] of [
      [today, wdToday],
      [yesterday, wdYesterday],
      ['2020-01-06', 1],
    ] as const) {
      expect(await routeProgressRepository.progress(t.database.db, day, weekday)).toEqual(
        await progressBySearch(day, weekday),
      );
    }
    const { routes } = await ok('POST', '/api/route/progress/', {});
    expect(routes.map((r: Record<string, unknown>) => ({ ...r, routeID: undefined, lastSync: undefined }))).toEqual([
      {
        routeID: undefined,
        route: 'North loop',
        driver: 'driver.dan',
        truck: 'Truck 12',
        stops: 3,
        done: 3,
        skipped: 0,
        invoices: 3,
        sold: 12.5,
        collected: 8.75,
        lastSync: undefined,
        flags: 1,
      },
      {
        routeID: undefined,
        route: 'South loop',
        driver: 'driver.eve',
        truck: 'Truck 7',
        stops: 2,
        done: 1,
        skipped: 1,
        invoices: 1,
        sold: 12.5,
        collected: 12.5,
        lastSync: undefined,
        flags: 0,
      },
    ]);
    const before = (await ok('POST', '/api/route/progress/', { date: yesterday })).routes;
    expect(before[0]).toMatchObject({ stops: 2, done: 2, invoices: 4, sold: 18.75, collected: 12.5, flags: 0 });
    expect(before[1]).toMatchObject({ stops: 0, done: 0, invoices: 0, sold: 0, collected: 0, lastSync: null });

    // The used numbers, read by block id, equal the numbers found by searching the invoices.
    const ids = [b1.id, b2.id, b3.id, b4.id, c1.id];
    const used = await numberBlocksRepository.usedNumbers(t.database.db, ids);
    expect(used).toEqual(await usedBySearch(ids));
    expect(Object.fromEntries(used)).toEqual({
      [b1.id]: b1.numbers.slice(0, 3),
      [b2.id]: b2.numbers.slice(0, 2),
      [b3.id]: [b3.numbers[0]],
      [b4.id]: [b4.numbers[0]],
      [c1.id]: [c1.numbers[0]],
    });
    const listed = (await ok('POST', '/api/route/numbers/all/', { searchQuery: 'phone-dan-0001' })).blocks;
    expect(listed.map((b: { id: number; used: number[] }) => [b.id, b.used])).toEqual([
      [b4.id, [b4.numbers[0]]],
      [b3.id, [b3.numbers[0]]],
      [b1.id, b1.numbers.slice(0, 3)],
    ]);
  });
});
