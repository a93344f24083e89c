import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { multipart, testApp } from '../../../test/helpers.js';
import { barcodePng } from '../barcodes/barcode-image.js';

const t = testApp();

const newCustomer = async (company: string) =>
  (await t.call('POST', '/api/customer/new/', { company }, t.adminToken)).json().customer as { id: number };
const bulk = (action: 'delete' | 'recover', body: unknown) =>
  t.call('POST', `/api/customer/${action}/`, body, t.adminToken);
const listed = async (which: 'all' | 'all/deleted', searchQuery: string) =>
  (await t.call('POST', `/api/customer/${which}/`, { searchQuery }, t.adminToken))
    .json()
    .customers.map((c: { id: number }) => c.id);
async function rows<T>(query: SQL) {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('customers: bulk delete and recover (customer/delete, customer/recover)', () => {
  it('soft-deletes several, recovers them, then deletes them for good', async () => {
    const a = await newCustomer('Bulk Market A');
    const b = await newCustomer('Bulk Market B');
    expect((await bulk('delete', { ids: [a.id, b.id] })).json()).toEqual({ message: 'Deleted' });
    expect(await listed('all', 'Bulk Market')).toEqual([]);
    expect(await listed('all/deleted', 'Bulk Market')).toEqual([a.id, b.id]);
    expect((await bulk('recover', { ids: [b.id, a.id] })).json()).toEqual({ message: 'Recovered' });
    expect(await listed('all', 'Bulk Market')).toEqual([a.id, b.id]);
    await bulk('delete', { ids: [a.id, b.id] });
    await bulk('delete', { ids: [a.id, b.id] });
    expect(await listed('all/deleted', 'Bulk Market')).toEqual([]);
    expect((await t.call('POST', `/api/customer/${b.id}/`, undefined, t.adminToken)).statusCode).toBe(404);
  });

  it('validates the ids (400) and answers 404 when none exists or none is deleted', async () => {
    expect((await bulk('delete', { ids: [0] })).statusCode).toBe(400);
    expect((await bulk('recover', { ids: [] })).statusCode).toBe(400);
    const missing = await bulk('recover', { ids: [987654] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("The customer doesn't exist");
    const active = await newCustomer('Never Deleted');
    expect((await bulk('recover', { ids: [active.id] })).statusCode).toBe(404);
  });

  it('refuses to remove a customer with invoices for good; the certificate image goes with one without', async () => {
    const busy = await newCustomer('Busy Buyer');
    for (let i = 0; i < 2; i++) {
      const { invoice } = (await t.call('POST', '/api/invoice/new/invoice/', undefined, t.adminToken)).json();
      await t.call('PATCH', '/api/invoice/update/', { id: invoice.id, customerID: busy.id }, t.adminToken);
    }
    const idle = await newCustomer('Idle Buyer');
    const png = await barcodePng('CERT-2', 'code128');
    const body = multipart([{ name: 'resaleCertificate', filename: 'c.png', contentType: 'image/png', data: png }]);
    const signed = await t.app.inject({
      method: 'POST',
      url: `/api/customer/resale_certificate/${idle.id}/`,
      headers: { ...body.headers, token: t.adminToken },
      payload: body.payload,
    });
    expect(signed.statusCode).toBe(200);
    const [{ fileId }] = await rows<{ fileId: number }>(
      sql`select resale_certificate_file_id as "fileId" from customers where id = ${idle.id}`,
    );
    const fileCount = async () =>
      (await rows<{ n: number }>(sql`select count(*)::int as n from files where id = ${fileId}`))[0].n;

    await bulk('delete', { ids: [busy.id, idle.id] });
    const refused = await bulk('delete', { ids: [idle.id, busy.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Busy Buyer has 2 invoices and can not be deleted permanently');
    expect(await listed('all/deleted', 'Buyer')).toEqual([busy.id, idle.id]);
    expect(await fileCount()).toBe(1);

    expect((await bulk('delete', { ids: [idle.id] })).statusCode).toBe(200);
    expect(await fileCount()).toBe(0);
    expect(await listed('all/deleted', 'Buyer')).toEqual([busy.id]);
  });
});
