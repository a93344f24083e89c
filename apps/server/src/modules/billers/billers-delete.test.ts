import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { multipart, testApp } from '../../../test/helpers.js';
import { barcodePng } from '../barcodes/barcode-image.js';

const t = testApp();

const newBiller = async (company: string) =>
  (await t.call('POST', '/api/supplier/new/', { company }, t.adminToken)).json().biller as { id: number };
const bulk = (action: 'delete' | 'recover', body: unknown) =>
  t.call('POST', `/api/supplier/${action}/`, body, t.adminToken);
const deletedIds = async (searchQuery: string) =>
  (await t.call('POST', '/api/supplier/all/deleted/', { searchQuery }, t.adminToken))
    .json()
    .billers.map((b: { id: number }) => b.id);

async function rows<T>(query: SQL) {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('billers: bulk delete and recover (supplier/delete, supplier/recover)', () => {
  it('soft-deletes several, recovers them, then deletes them for good', async () => {
    const a = await newBiller('Bulk Biller A');
    const b = await newBiller('Bulk Biller B');
    expect((await bulk('delete', { ids: [a.id, b.id] })).json()).toEqual({ message: 'Deleted' });
    expect(await deletedIds('Bulk Biller')).toEqual([a.id, b.id]);
    expect((await bulk('recover', { ids: [a.id, b.id] })).json()).toEqual({ message: 'Recovered' });
    expect(await deletedIds('Bulk Biller')).toEqual([]);
    await bulk('delete', { ids: [a.id, b.id] });
    expect((await bulk('delete', { ids: [a.id, b.id] })).statusCode).toBe(200);
    expect((await t.call('POST', `/api/supplier/${a.id}/`, undefined, t.adminToken)).statusCode).toBe(404);
  });

  it('validates the ids (400) and answers 404 when none exists or none is deleted', async () => {
    expect((await bulk('delete', { ids: [] })).statusCode).toBe(400);
    expect((await bulk('recover', { ids: ['x'] })).statusCode).toBe(400);
    expect((await bulk('delete', {})).statusCode).toBe(400);
    const missing = await bulk('delete', { ids: [987654] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("The biller doesn't exist");
    const active = await newBiller('Still Active');
    expect((await bulk('recover', { ids: [active.id] })).statusCode).toBe(404);
  });

  it('refuses billers 1 and 2 and leaves the others of the request as they were', async () => {
    const c = await newBiller('Beside The Default');
    const res = await bulk('delete', { ids: [c.id, 2] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Biller 2 is a default biller (for new invoices and expenses) and can not be deleted',
    );
    expect(await deletedIds('Beside The Default')).toEqual([]);
  });

  it('refuses to remove a biller with expenses for good, and removes the logo with one without', async () => {
    const busy = await newBiller('Bulk Busy Co');
    for (const expense of ['Fuel', 'Tolls']) {
      await t.call(
        'POST',
        '/api/expenses/insert/',
        { date: '2026-11-01', billerID: busy.id, expense, category: 'Truck', amount: 5 },
        t.adminToken,
      );
    }
    const idle = await newBiller('Bulk Idle Co');
    const png = await barcodePng('LOGO-2', 'code128');
    const body = multipart([{ name: 'logo', filename: 'logo.png', contentType: 'image/png', data: png }]);
    await t.app.inject({
      method: 'POST',
      url: `/api/supplier/logo/${idle.id}/`,
      headers: { ...body.headers, token: t.adminToken },
      payload: body.payload,
    });
    const [{ fileId }] = await rows<{ fileId: number }>(
      sql`select logo_file_id as "fileId" from billers where id = ${idle.id}`,
    );
    const fileCount = async () =>
      (await rows<{ n: number }>(sql`select count(*)::int as n from files where id = ${fileId}`))[0].n;
    expect(await fileCount()).toBe(1);

    await bulk('delete', { ids: [busy.id, idle.id] });
    const refused = await bulk('delete', { ids: [idle.id, busy.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Bulk Busy Co has 2 expenses and can not be deleted permanently');
    expect(await deletedIds('Bulk')).toEqual(expect.arrayContaining([busy.id, idle.id]));
    expect(await fileCount()).toBe(1);

    expect((await bulk('delete', { ids: [idle.id] })).statusCode).toBe(200);
    expect(await fileCount()).toBe(0);
  });
});
