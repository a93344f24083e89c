import { auditChanges } from '@wd/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';

const t = testApp();
const inv = invoiceCalls(() => t);
let product: { id: number; name: string; barcode: string };
let clerk: { id: number; token: string };
let deletedInvoice: number;

beforeAll(async () => {
  clerk = await t.createUser('audit-clerk');
  product = await createProduct(t, { name: 'Audit Cola 12oz', costPrice: 1, sellingPrice: 1.5 });
  const res = await t.call(
    'PATCH',
    '/api/product/update/',
    {
      id: product.id,
      name: product.name,
      barcodeSymbology: 'upca',
      barcode: product.barcode,
      category: 'Snacks',
      costPrice: 1,
      sellingPrice: 2.25,
      suggestedRetailPrice: 1.99,
    },
    t.adminToken,
  );
  expect(res.statusCode, res.body).toBe(200);
  const { id } = await inv.newInvoice();
  await inv.addLine(id, product.id);
  deletedInvoice = id;
  expect((await t.call('DELETE', `/api/invoice/delete/${id}/`, undefined, t.adminToken)).statusCode).toBe(200);
});

const list = (body: Record<string, unknown>, token = t.adminToken) => t.call('POST', '/api/audit/all', body, token);

describe('auditChanges', () => {
  it('lists the fields an update changed, and every field of a create or delete', () => {
    expect(auditChanges({ a: 1, b: 'x', c: [1] }, { a: 2, b: 'x', c: [1, 2] })).toEqual([
      { field: 'a', before: '1', after: '2' },
      { field: 'c', before: '[1]', after: '[1,2]' },
    ]);
    expect(auditChanges(null, { name: 'Cola' })).toEqual([{ field: 'name', before: '', after: 'Cola' }]);
    expect(auditChanges({ name: 'Cola' }, null)).toEqual([{ field: 'name', before: 'Cola', after: '' }]);
    expect(auditChanges(null, 5)).toEqual([{ field: 'value', before: '', after: '5' }]);
    expect(auditChanges({ long: 'x'.repeat(3_000) }, null)[0].before).toHaveLength(2_001);
  });
});

describe('POST audit/all', () => {
  it('shows a price change with who made it and the fields that changed, newest first', async () => {
    const res = await list({ entity: 'product', entityId: product.id });
    expect(res.statusCode).toBe(200);
    const entries = res.json().auditLog;
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    expect(entries[0]).toMatchObject({ user: 'admin', entity: 'product', entityId: product.id });
    expect(entries[0].changes).toEqual(
      expect.arrayContaining([{ field: 'sellingPrice', before: '1.5', after: '2.25' }]),
    );
    expect(entries[0].changes.map((c: { field: string }) => c.field)).not.toContain('name');
  });

  it('finds a deleted invoice with its lines by text, and filters by action, user and date', async () => {
    const found = (await list({ searchQuery: 'Audit Cola', action: 'delete' })).json().auditLog;
    const invoice = found.find((e: { entity: string }) => e.entity === 'invoice');
    expect(invoice).toMatchObject({ entityId: deletedInvoice, action: 'delete', user: 'admin' });
    expect(invoice.changes.map((c: { before: string }) => c.before).join(' ')).toContain('Audit Cola 12oz');
    expect((await list({ userId: clerk.id })).json().totalRows).toBe(0);
    expect((await list({ startDate: '2000-01-01', endDate: '2000-12-31' })).json().totalRows).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ startDate: today, entity: 'product' })).json().totalRows).toBeGreaterThanOrEqual(2);
  });

  it('pages and sorts in SQL, and refuses an unknown sort column', async () => {
    const page = (await list({ resultsPerPage: 1, currentPage: 2 })).json();
    expect(page.auditLog).toHaveLength(1);
    expect(page.totalRows).toBeGreaterThan(2);
    const bad = await list({ sortingList: [{ column: 'before', order: 'asc' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/sortingList/);
    expect((await list({ action: 'erase' })).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await list({}, clerk.token)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/audit/all', {}, null)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/audit/entities', undefined, clerk.token)).statusCode).toBe(403);
  });
});

describe("an invoice's history", () => {
  it("holds the invoice's own entries and those of its lines and payments, and no other invoice's", async () => {
    const { id } = await inv.newInvoice();
    const line = await inv.addLine(id, product.id);
    await inv.setInvoice(id, { status: 'DUE' });
    expect((await inv.pay(id, { amountPaid: 1 })).statusCode).toBe(200);
    const other = await inv.newInvoice();
    await inv.addLine(other.id, product.id);
    const history = (await list({ entity: 'invoice', entityId: id, resultsPerPage: 50 })).json().auditLog;
    const kinds = history.map((e: { entity: string; entityId: number }) => `${e.entity}:${e.entityId}`);
    expect(kinds).toEqual(expect.arrayContaining([`invoice:${id}`, `invoice_item:${line.id}`]));
    expect(kinds.some((k: string) => k.startsWith('payment:'))).toBe(true);
    expect(
      history.every(
        (e: { changes: { field: string; before: string; after: string }[]; entity: string }) =>
          e.entity === 'invoice' ||
          e.changes.some((c) => c.field === 'invoiceID' && (c.after || c.before) === String(id)),
      ),
    ).toBe(true);
  });
});

describe('GET audit/entities', () => {
  it('names every kind of record in the trail, in order', async () => {
    const res = await t.call('GET', '/api/audit/entities', undefined, t.adminToken);
    expect(res.statusCode).toBe(200);
    const { entities } = res.json();
    expect(entities).toEqual([...entities].sort());
    expect(entities).toEqual(expect.arrayContaining(['invoice', 'product']));
  });
});
