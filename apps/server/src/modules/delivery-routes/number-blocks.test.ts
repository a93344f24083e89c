import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';
import { createNumberBlocksService } from './number-blocks.service.js';

const t = testApp();
const inv = invoiceCalls(() => t);
let driver: { id: number; token: string };
let other: { id: number; token: string };

const reserve = (token: string, deviceID: string, count?: number) =>
  t.call('POST', '/api/route/numbers/reserve/', { deviceID, ...(count ? { count } : {}) }, token);
const numberOf = (invoiceNo: string) => Number(invoiceNo.replace('Invoice/', ''));

beforeAll(async () => {
  driver = await t.createUser('driver.dan');
  other = await t.createUser('driver.eve');
});

describe('invoice number blocks', () => {
  it("reserves 50 numbers the office's sequence never hands out, and gives the same block back while it has numbers", async () => {
    const before = numberOf((await inv.newInvoice()).invoiceNo);
    const res = await reserve(driver.token, 'phone-dan-0001');
    expect(res.statusCode, res.body).toBe(200);
    const block = res.json().block;
    expect(block).toMatchObject({ user: 'driver.dan', deviceID: 'phone-dan-0001', used: [], releasedAt: null });
    expect(block.numbers).toHaveLength(50);
    expect(new Set(block.numbers).size).toBe(50);
    expect(Math.min(...block.numbers)).toBeGreaterThan(before);
    const after = numberOf((await inv.newInvoice()).invoiceNo);
    expect(block.numbers).not.toContain(after);
    expect(after).toBeGreaterThan(Math.max(...block.numbers));

    const again = (await reserve(driver.token, 'phone-dan-0001')).json().block;
    expect(again.id).toBe(block.id);
  });

  it('gives devices reserving at the same moment blocks with no number in common', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => reserve(i % 2 ? other.token : driver.token, `tablet-${i}-abcdef`, 20)),
    );
    const all = answers.flatMap((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json().block.numbers as number[];
    });
    expect(all).toHaveLength(160);
    expect(new Set(all).size).toBe(160);
  });

  it('shows admins the blocks with the numbers invoices took; releasing voids the rest', async () => {
    const block = (await reserve(driver.token, 'phone-dan-0002', 5)).json().block;
    // An invoice numbered from the block, as a device's synced invoice is (which keeps its block).
    const invoice = await inv.newInvoice();
    await t.database.db.execute(
      sql`update invoices set invoice_no = ${`Invoice/${block.numbers[1]}`}, number_block_id = ${block.id}
        where id = ${invoice.id}`,
    );
    const list = (
      await t.call('POST', '/api/route/numbers/all/', { searchQuery: 'phone-dan-0002' }, t.adminToken)
    ).json();
    expect(list.blocks).toHaveLength(1);
    expect(list.blocks[0]).toMatchObject({ id: block.id, used: [block.numbers[1]], releasedAt: null });

    expect((await t.call('POST', `/api/route/numbers/release/${block.id}/`, undefined, other.token)).statusCode).toBe(
      403,
    );
    const released = await t.call('POST', `/api/route/numbers/release/${block.id}/`, undefined, driver.token);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().message).toBe('Block released: 4 unused numbers void');
    const twice = await t.call('POST', `/api/route/numbers/release/${block.id}/`, undefined, t.adminToken);
    expect(twice.statusCode).toBe(409);
    expect((await t.call('POST', '/api/route/numbers/release/999999/', undefined, t.adminToken)).statusCode).toBe(404);

    // A released block is not handed out again: the device gets a new one.
    const next = (await reserve(driver.token, 'phone-dan-0002', 5)).json().block;
    expect(next.id).not.toBe(block.id);
  });

  it('closes the blocks of past days at the end of the day', async () => {
    const block = (await reserve(driver.token, 'phone-dan-0003', 3)).json().block;
    await t.database.db.execute(sql`update number_blocks set day = day - 1 where id = ${block.id}`);
    const released = await createNumberBlocksService(t.app.ctx).releasePast();
    expect(released).toEqual([block.id]);
    const [row] = (
      await t.call('POST', '/api/route/numbers/all/', { searchQuery: 'phone-dan-0003' }, t.adminToken)
    ).json().blocks;
    expect(row.releasedAt).not.toBeNull();
  });

  it('validates the device id and the count; lists are for admins', async () => {
    expect((await reserve(driver.token, 'short')).statusCode).toBe(400);
    expect((await reserve(driver.token, 'bad device id!')).statusCode).toBe(400);
    expect((await reserve(driver.token, 'phone-dan-0004', 501)).statusCode).toBe(400);
    expect((await t.call('POST', '/api/route/numbers/all/', {}, driver.token)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/route/numbers/reserve/', { deviceID: 'phone-x-0001' }, null)).statusCode).toBe(
      401,
    );
  });
});
