import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';

const t = testApp();
const { newInvoice, addLine, setInvoice, pay } = invoiceCalls(() => t);

/**
 * products.quantity_sold is kept by database triggers (migration 0008) that append deltas, which a
 * fold adds to it (migration 0026); a read adds the deltas not folded yet. It must always equal
 * the rule: Σ quantity of the product's lines on invoices that are not NEW, folded or not.
 */
async function expectConsistent(ids: number[]) {
  const read = await Promise.all(
    ids.map(async (id) => (await t.call('POST', `/api/product/${id}/`, undefined, t.adminToken)).json().product),
  );
  const result = await t.database.db.execute(sql`
    select p.id, p.quantity_sold + coalesce((select sum(d.quantity) from product_sold_deltas d where d.product_id = p.id), 0)
        as stored,
      (select coalesce(sum(ii.quantity), 0) from invoice_items ii join invoices i on i.id = ii.invoice_id
        where ii.product_id = p.id and i.status <> 'NEW')::int as counted
    from products p where p.id in (${sql.join(ids, sql`, `)}) order by p.id`);
  const rows = (result as unknown as { rows: { id: number; stored: number; counted: number }[] }).rows;
  for (const row of rows) expect(Number(row.stored), `product ${row.id}`).toBe(Number(row.counted));
  for (const [i, row] of rows.entries())
    expect(read[i].quantitySold, `product ${row.id} read`).toBe(Number(row.counted));
  return read.map((p) => p.quantitySold as number);
}

const scan = (invoiceID: number, lookup: string) =>
  t.call('POST', '/api/invoice/insert/', { invoiceID, lookup }, t.adminToken);
const editLine = (id: number, invoiceID: number, quantity: number) =>
  t.call('PATCH', '/api/invoice/update/item/', { id, invoiceID, quantity }, t.adminToken);

describe('quantity sold stays the sum of the lines on submitted invoices', () => {
  it('after adds, edits, returns, submit, payments, line and invoice deletes and concurrent scans', async () => {
    const p = await createProduct(t, { name: 'Sold Cola' });
    const q = await createProduct(t, { name: 'Sold Chips' });
    const ids = [p.id, q.id];
    const draft = await newInvoice();
    const sent = await newInvoice();

    // Lines on NEW invoices count nothing.
    const d1 = await addLine(draft.id, p.id);
    const s1 = await addLine(sent.id, p.id);
    const s2 = await addLine(sent.id, q.id);
    await editLine(s1.id, sent.id, 4);
    expect(await expectConsistent(ids)).toEqual([0, 0]);

    // Submitting counts its lines.
    await setInvoice(sent.id, { status: 'DUE' });
    expect(await expectConsistent(ids)).toEqual([4, 1]);

    // Changes to a submitted invoice's lines: add, edit, return, payment, delete.
    await scan(sent.id, p.barcode);
    await editLine(s2.id, sent.id, 3);
    expect(await expectConsistent(ids)).toEqual([5, 3]);
    await editLine(s2.id, sent.id, -2);
    expect(await expectConsistent(ids)).toEqual([5, -2]);
    expect((await pay(sent.id, { amountPaid: 1 })).statusCode).toBe(200);
    expect(await expectConsistent(ids)).toEqual([5, -2]);
    expect((await t.call('DELETE', `/api/invoice/delete/item/${s2.id}/`, undefined, t.adminToken)).statusCode).toBe(
      200,
    );
    expect(await expectConsistent(ids)).toEqual([5, 0]);

    // Draft edits still count nothing; deleting the draft changes nothing.
    await editLine(d1.id, draft.id, 9);
    expect(await expectConsistent(ids)).toEqual([5, 0]);
    expect((await t.call('DELETE', `/api/invoice/delete/${draft.id}/`, undefined, t.adminToken)).statusCode).toBe(200);
    expect(await expectConsistent(ids)).toEqual([5, 0]);

    // Concurrent scans of both products on two submitted invoices (each line counted once).
    const other = await newInvoice();
    await addLine(other.id, q.id);
    await setInvoice(other.id, { status: 'DUE' });
    const scans = await Promise.all(
      Array.from({ length: 12 }, (_, i) => scan(i % 2 ? sent.id : other.id, i % 3 ? p.barcode : q.barcode)),
    );
    expect(scans.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    expect(await expectConsistent(ids)).toEqual([13, 5]);

    // Deleting a submitted invoice takes its lines off.
    expect((await t.call('DELETE', `/api/invoice/delete/${sent.id}/`, undefined, t.adminToken)).statusCode).toBe(200);
    expect(await expectConsistent(ids)).toEqual([4, 3]);
  });
});
