import type { AuditEntry } from '@wd/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { created, testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';

/**
 * Every audited kind of record, created, changed and deleted through the API with amounts whose
 * cents are not whole dollars; /audit must show each amount as the screens show it (dollars),
 * whoever wrote the entry (the record's own screen, a receipt, a product group, a deletion).
 */
const t = testApp();
const inv = invoiceCalls(() => t);
const admin = () => t.adminToken;
const ok = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) => {
  const res = await t.call(method, url, body, admin());
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
};

async function trail(entity: string, entityId?: number): Promise<AuditEntry[]> {
  const res = await t.call('POST', '/api/audit/all', { entity, entityId, resultsPerPage: 500 }, admin());
  expect(res.statusCode, res.body).toBe(200);
  return res.json().auditLog;
}
/** The change of one field of the entry with this action (oldest first among several). */
async function change(entity: string, entityId: number, action: string, field: string, nth = 0) {
  const entries = (await trail(entity, entityId))
    .filter((e) => e.entity === entity && e.entityId === entityId && e.action === action)
    .reverse();
  expect(entries.length, `${entity} ${entityId} ${action}`).toBeGreaterThan(nth);
  const found = entries[nth].changes.find((c) => c.field === field);
  expect(found, `${entity} ${entityId} ${action} has ${field}`).toBeDefined();
  return [found!.before, found!.after];
}
/** A JSON text of a deletion's nested record (invoice, lines, payments). */
const nested = async (entity: string, id: number, field: string) =>
  JSON.parse((await change(entity, id, 'delete', field))[0]);

let product: { id: number; barcode: string; name: string };
const productBody = (sellingPrice: number) => ({
  id: product.id,
  name: product.name,
  barcodeSymbology: 'upca',
  barcode: product.barcode,
  category: 'Snacks',
  costPrice: 0.75,
  sellingPrice,
  suggestedRetailPrice: 2.99,
});

beforeAll(async () => {
  product = await createProduct(t, {
    name: 'Units Cola',
    costPrice: 0.75,
    sellingPrice: 1.05,
    suggestedRetailPrice: 2.99,
  });
  await ok('PATCH', '/api/product/update/', productBody(2.35));
});

describe('the audit trail holds money in dollars, as the screens show it', () => {
  it('products: create, change, soft delete', async () => {
    expect(await change('product', product.id, 'create', 'sellingPrice')).toEqual(['', '1.05']);
    expect(await change('product', product.id, 'update', 'sellingPrice')).toEqual(['1.05', '2.35']);
    const other = await createProduct(t, { sellingPrice: 4.56 });
    await ok('DELETE', `/api/product/delete/${other.id}/`);
    expect((await change('product', other.id, 'delete', 'sellingPrice'))[0]).toBe('4.56');
  });

  it('product groups and the prices they write onto their members', async () => {
    const member = await createProduct(t, { costPrice: 0.5, sellingPrice: 0.6 });
    const prices = { costPrice: 3.21, sellingPrice: 4.32, suggestedRetailPrice: 5.43 };
    const group = await created<{ id: number }>(
      t,
      '/api/productGroup/new/',
      { name: 'Units Group', ...prices },
      'productGroup',
    );
    expect(await change('product_group', group.id, 'create', 'costPrice')).toEqual(['', '3.21']);
    await ok('POST', '/api/productGroup/insert/', { productGroupID: group.id, productID: member.id });
    expect(await change('product', member.id, 'update', 'costPrice')).toEqual(['0.5', '3.21']);
    await ok('PATCH', '/api/productGroup/update/', { id: group.id, name: 'Units Group', ...prices, costPrice: 3.3 });
    expect(await change('product_group', group.id, 'update', 'costPrice')).toEqual(['3.21', '3.3']);
    expect(await change('product', member.id, 'update', 'costPrice', 1)).toEqual(['3.21', '3.3']);
    await ok('DELETE', `/api/productGroup/delete/${group.id}/`);
    expect((await change('product_group', group.id, 'delete', 'sellingPrice'))[0]).toBe('4.32');
  });

  it('price groups and their items', async () => {
    const group = await created<{ id: number }>(t, '/api/priceGroup/new/', { name: 'Units Prices' }, 'priceGroup');
    expect(await change('price_group', group.id, 'create', 'name')).toEqual(['', 'Units Prices']);
    const item = await created<{ id: number }>(
      t,
      '/api/priceGroup/insert/',
      { priceGroupID: group.id, productID: product.id, price: 6.54, suggestedRetailPrice: 7.08 },
      'priceGroupItem',
    );
    expect(await change('price_group_item', item.id, 'create', 'price')).toEqual(['', '6.54']);
    await ok('PATCH', '/api/priceGroup/update/item/', { id: item.id, price: 7.65, suggestedRetailPrice: 7.08 });
    expect(await change('price_group_item', item.id, 'update', 'price')).toEqual(['6.54', '7.65']);
    await ok('DELETE', `/api/priceGroup/delete/item/${item.id}/`);
    expect((await change('price_group_item', item.id, 'delete', 'price'))[0]).toBe('7.65');
    expect((await change('price_group_item', item.id, 'delete', 'priceGroupID'))[0]).toBe(String(group.id));
  });

  it('customers: create, change, soft delete', async () => {
    const customer = await created<{ id: number }>(
      t,
      '/api/customer/new/',
      { company: 'Units Mart', creditLimit: 250.5 },
      'customer',
    );
    expect(await change('customer', customer.id, 'create', 'creditLimit')).toEqual(['', '250.5']);
    await ok('PATCH', '/api/customer/update/', {
      id: customer.id,
      company: 'Units Mart',
      priceGroupID: 1,
      creditLimit: 300.25,
    });
    expect(await change('customer', customer.id, 'update', 'creditLimit')).toEqual(['250.5', '300.25']);
    await ok('DELETE', `/api/customer/delete/${customer.id}/`);
    expect((await change('customer', customer.id, 'delete', 'creditLimit'))[0]).toBe('300.25');
  });

  it('expenses: create, change, delete', async () => {
    const body = { date: '2026-03-05', billerID: 2, expense: 'Fuel', category: 'Truck' };
    const expense = await created<{ id: number }>(t, '/api/expenses/insert/', { ...body, amount: 12.34 }, 'expense');
    expect(await change('expense', expense.id, 'create', 'amount')).toEqual(['', '12.34']);
    await ok('PATCH', '/api/expenses/update/', { id: expense.id, ...body, amount: 23.45 });
    expect(await change('expense', expense.id, 'update', 'amount')).toEqual(['12.34', '23.45']);
    await ok('DELETE', `/api/expenses/delete/${expense.id}/`);
    expect((await change('expense', expense.id, 'delete', 'amount'))[0]).toBe('23.45');
  });

  it('invoices, their lines and payments, and a deleted invoice with all of them', async () => {
    const { id } = await inv.newInvoice();
    expect(await change('invoice', id, 'create', 'total')).toEqual(['', '0']);
    const line = await inv.addLine(id, product.id);
    expect(await change('invoice_item', line.id, 'create', 'sellingPrice')).toEqual(['', '2.35']);
    await ok('PATCH', '/api/invoice/update/item/', { id: line.id, invoiceID: id, quantity: 2 });
    expect(await change('invoice_item', line.id, 'update', 'subtotal')).toEqual(['2.35', '4.7']);
    await inv.setInvoice(id, { status: 'DUE', discountRedeemed: 0.5 });
    expect(await change('invoice', id, 'update', 'balance')).toEqual(['4.7', '4.2']);
    const payment = (await inv.pay(id, { amountPaid: 1.11 })).json().payment;
    expect(await change('payment', payment.id, 'create', 'amountPaid')).toEqual(['', '1.11']);
    expect(await change('payment', payment.id, 'create', 'amountDue')).toEqual(['', '3.09']);
    await ok('PATCH', '/api/payment/update/', { id: payment.id, amountPaid: 1.22 });
    expect(await change('payment', payment.id, 'update', 'amountPaid')).toEqual(['1.11', '1.22']);
    await ok('DELETE', `/api/payment/delete/${payment.id}/`);
    expect((await change('payment', payment.id, 'delete', 'amountPaid'))[0]).toBe('1.22');

    const kept = (await inv.pay(id, { amountPaid: 0.99 })).json().payment;
    await ok('DELETE', `/api/invoice/delete/${id}/`);
    expect((await nested('invoice', id, 'invoice')).total).toBe(4.7);
    expect((await nested('invoice', id, 'invoice')).balance).toBe(3.21);
    expect((await nested('invoice', id, 'lines'))[0]).toMatchObject({ id: line.id, sellingPrice: 2.35, subtotal: 4.7 });
    expect((await nested('invoice', id, 'payments'))[0]).toMatchObject({
      id: kept.id,
      invoiceID: id,
      amountPaid: 0.99,
    });
  });

  it('suppliers, supplier invoices and their payments', async () => {
    const supplier = await created<{ id: number }>(
      t,
      '/api/distributor/insert/',
      { company: 'Units Supply' },
      'distributor',
    );
    expect(await change('supplier', supplier.id, 'create', 'company')).toEqual(['', 'Units Supply']);
    const body = { date: '2026-10-01', distributorID: supplier.id, invoiceNo: '7001', note: '' };
    const invoice = await created<{ id: number }>(
      t,
      '/api/distributor/invoices/insert/',
      { ...body, amountPurchase: 98.76 },
      'distributorInvoice',
    );
    expect(await change('supplier_invoice', invoice.id, 'create', 'amountPurchase')).toEqual(['', '98.76']);
    await ok('PATCH', '/api/distributor/invoices/update/', { id: invoice.id, ...body, amountPurchase: 87.65 });
    expect(await change('supplier_invoice', invoice.id, 'update', 'amountDue')).toEqual(['98.76', '87.65']);
    const pay = { invoiceID: invoice.id, date: '2026-10-02', paymentType: 'cash' };
    const payment = (await ok('POST', '/api/distributorPayment/insert/', { ...pay, amountPaid: 5.55 })).payment;
    expect(await change('supplier_payment', payment.id, 'create', 'amountDue')).toEqual(['', '82.1']);
    await ok('PATCH', '/api/distributorPayment/update/', { id: payment.id, amountPaid: 6.66 });
    expect(await change('supplier_payment', payment.id, 'update', 'amountPaid')).toEqual(['5.55', '6.66']);
    await ok('DELETE', `/api/distributor/invoices/delete/${invoice.id}/`);
    expect((await nested('supplier_invoice', invoice.id, 'invoice')).amountPaid).toBe(6.66);
    expect((await nested('supplier_invoice', invoice.id, 'payments'))[0]).toMatchObject({
      amountPaid: 6.66,
      amountDue: 80.99,
    });
  });

  it('receipts and their shares, and a confirmed credit limit', async () => {
    const customer = await created<{ id: number }>(
      t,
      '/api/customer/new/',
      { company: 'Units Receipts', creditLimit: 1.5 },
      'customer',
    );
    const { id } = await inv.newInvoice();
    await inv.setInvoice(id, { customerID: customer.id });
    await inv.addLine(id, product.id);
    const refused = await t.call('PATCH', '/api/invoice/update/', { id, status: 'DUE' }, admin());
    expect(refused.statusCode).toBe(409);
    await inv.setInvoice(id, { status: 'DUE', confirmCreditLimit: true });
    expect(await change('credit_limit_confirmation', id, 'create', 'openBalance')).toEqual(['', '2.35']);
    expect(await change('credit_limit_confirmation', id, 'create', 'creditLimit')).toEqual(['', '1.5']);

    const receipt = await created<{ id: number }>(
      t,
      '/api/receipt/insert/',
      {
        customerID: customer.id,
        date: '2026-11-20',
        paymentType: 'cash',
        amount: 2.35,
        allocations: [{ invoiceID: id, amount: 2.35 }],
      },
      'receipt',
    );
    expect(await change('receipt', receipt.id, 'create', 'amount')).toEqual(['', '2.35']);
    const share = (await trail('payment')).find((e) =>
      e.changes.some((c) => c.field === 'receiptID' && c.after === String(receipt.id)),
    );
    expect(share?.changes).toEqual(expect.arrayContaining([{ field: 'amountPaid', before: '', after: '2.35' }]));
    await ok('DELETE', `/api/receipt/delete/${receipt.id}/`);
    expect((await change('payment', share!.entityId!, 'delete', 'amountPaid'))[0]).toBe('2.35');
    expect((await change('payment', share!.entityId!, 'delete', 'invoiceID'))[0]).toBe(String(id));
  });
});
