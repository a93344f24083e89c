import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.js';
import { auditLog } from '../../db/schema/index.js';

/**
 * Migration 0025 converts the entries that earlier versions wrote in cents (stored rows) to the
 * API's dollars and field names, and leaves the entries already in dollars alone. Here the earlier
 * shapes are written as they were, the migration's statements run again, and /audit is read.
 */
const t = testApp();

const legacy: {
  entity: string;
  action: 'create' | 'update' | 'delete' | 'recover';
  entityId: number;
  before?: object;
  after?: object;
}[] = [
  { entity: 'expense', action: 'create', entityId: 1, after: { id: 1, expense: 'Fuel', amount: 1234 } },
  {
    entity: 'payment',
    action: 'create',
    entityId: 2,
    after: { id: 2, invoiceID: 5, amountPaid: 111, amountDue: 309, total: 470 },
  },
  {
    entity: 'payment',
    action: 'delete',
    entityId: 3,
    before: { id: 3, invoiceId: 5, receiptId: 4, amountPaid: 235, discountRedeemed: 0 },
  },
  { entity: 'distributor_payment', action: 'create', entityId: 4, after: { id: 4, amountPaid: 555, amountDue: 8210 } },
  {
    entity: 'distributor_invoice',
    action: 'delete',
    entityId: 5,
    before: {
      invoice: { id: 5, amountPurchase: 8765, amountPaid: 666 },
      payments: [{ id: 4, invoiceId: 5, amountPaid: 666 }],
    },
  },
  { entity: 'distributor', action: 'create', entityId: 6, after: { id: 6, company: 'Core-Mark' } },
  {
    entity: 'invoice',
    action: 'delete',
    entityId: 7,
    before: {
      invoice: { id: 7, total: 41290, balance: 320 },
      lines: [{ id: 8, invoiceID: 7, sellingPrice: 235, subtotal: 470, quantity: 2 }],
      payments: [{ id: 9, invoiceId: 7, amountPaid: 99 }],
      draft: true,
    },
  },
  { entity: 'invoice', action: 'update', entityId: 10, before: { total: 2.35 }, after: { total: 4.7 } },
  {
    entity: 'customer',
    action: 'delete',
    entityId: 11,
    before: { id: 11, creditLimit: 30025, resaleCertificateFileId: null },
  },
  {
    entity: 'customer',
    action: 'update',
    entityId: 12,
    before: { creditLimit: 250.5, hasResaleCertificate: false },
    after: { creditLimit: 300.25, hasResaleCertificate: false },
  },
  {
    entity: 'product',
    action: 'update',
    entityId: 13,
    before: { id: 13, costPrice: 321 },
    after: { id: 13, costPrice: 330, productGroupID: 2 },
  },
  {
    entity: 'product',
    action: 'update',
    entityId: 14,
    before: { name: 'Cola', sellingPrice: 1.05 },
    after: { name: 'Cola', sellingPrice: 2.35 },
  },
  {
    entity: 'product',
    action: 'delete',
    entityId: 18,
    before: { id: 18, name: 'Chips', costPrice: 12.5, sellingPrice: 15.99 },
    after: { deleted: 'soft' },
  },
  { entity: 'product', action: 'recover', entityId: 19 },
  {
    entity: 'price_group_item',
    action: 'delete',
    entityId: 15,
    before: { id: 15, priceGroupId: 2, productId: 3, price: 654 },
  },
  { entity: 'price_group_item', action: 'create', entityId: 16, after: { priceGroupID: 2, productID: 3, price: 6.54 } },
  {
    entity: 'invoice_item',
    action: 'create',
    entityId: 17,
    after: { id: 17, invoiceID: 7, sellingPrice: 235, subtotal: 235 },
  },
];

async function entry(entity: string, entityId: number) {
  const res = await t.call('POST', '/api/audit/all', { entity, entityId }, t.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  const found = res
    .json()
    .auditLog.find((e: { entity: string; entityId: number }) => e.entity === entity && e.entityId === entityId);
  return Object.fromEntries(
    found.changes.map((c: { field: string; before: string; after: string }) => [c.field, c.after || c.before]),
  );
}

describe('migration 0025: the audit log in dollars', () => {
  it('converts the entries written in cents and renames the supplier entities; dollars stay as they are', async () => {
    const { db } = t.database;
    await db
      .insert(auditLog)
      .values(legacy.map((e) => ({ ...e, userId: null, before: e.before ?? null, after: e.after ?? null })));
    const migration = readFileSync(new URL('../../db/migrations/0025_audit_dollars.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

    expect(await entry('expense', 1)).toMatchObject({ amount: '12.34' });
    expect(await entry('payment', 2)).toMatchObject({ amountPaid: '1.11', amountDue: '3.09', total: '4.7' });
    expect(await entry('payment', 3)).toMatchObject({ invoiceID: '5', receiptID: '4', amountPaid: '2.35' });
    expect(await entry('supplier_payment', 4)).toMatchObject({ amountPaid: '5.55', amountDue: '82.1' });
    const supplierInvoice = await entry('supplier_invoice', 5);
    expect(JSON.parse(supplierInvoice.invoice)).toMatchObject({ amountPurchase: 87.65, amountPaid: 6.66 });
    expect(JSON.parse(supplierInvoice.payments)).toEqual([{ id: 4, invoiceID: 5, amountPaid: 6.66 }]);
    expect(await entry('supplier', 6)).toMatchObject({ company: 'Core-Mark' });
    const invoice = await entry('invoice', 7);
    expect(JSON.parse(invoice.invoice)).toEqual({ id: 7, total: 412.9, balance: 3.2 });
    expect(JSON.parse(invoice.lines)).toEqual([
      { id: 8, invoiceID: 7, sellingPrice: 2.35, subtotal: 4.7, quantity: 2 },
    ]);
    expect(JSON.parse(invoice.payments)).toEqual([{ id: 9, invoiceID: 7, amountPaid: 0.99 }]);
    expect(invoice.draft).toBe('true');
    expect(await entry('invoice', 10)).toMatchObject({ total: '4.7' });
    expect(await entry('customer', 11)).toMatchObject({ creditLimit: '300.25' });
    expect(await entry('customer', 12)).toMatchObject({ creditLimit: '300.25' });
    expect(await entry('product', 13)).toMatchObject({ costPrice: '3.3' });
    expect(await entry('product', 14)).toMatchObject({ sellingPrice: '2.35' });
    // A deletion kept the product as the screens show it (dollars, with its name) beside a note.
    expect(await entry('product', 18)).toMatchObject({ costPrice: '12.5', sellingPrice: '15.99', name: 'Chips' });
    expect(await entry('price_group_item', 15)).toMatchObject({ price: '6.54', priceGroupID: '2', productID: '3' });
    expect(await entry('price_group_item', 16)).toMatchObject({ price: '6.54' });
    expect(await entry('invoice_item', 17)).toMatchObject({ sellingPrice: '2.35', subtotal: '2.35' });
    const left = await db.execute(sql`select count(*)::int as n from audit_log where entity like 'distributor%'`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });
});
