import type { Customer } from '@wd/contracts';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';

const t = testApp();
const { newInvoice, addLine, setInvoice } = invoiceCalls(() => t);

const HEADINGS = [
  'Company',
  'Name',
  'Address',
  'City',
  'State',
  'Postal Code',
  'Country',
  'Phone',
  'Email',
  'Award Points',
  'Tax Permit Number',
  'Price Group',
  'Credit Limit',
  'Date Last Verified',
  'ID',
];

async function createCustomer(body: Record<string, unknown>) {
  const res = await t.call('POST', '/api/customer/new/', body, t.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().customer as Customer;
}

const exportCustomers = (body: unknown, token: string | null = t.adminToken) =>
  t.call('POST', '/api/customer/export', body, token);

describe('customer/export', () => {
  it('writes every matching active customer with every field, the search and sort honoured, paging ignored', async () => {
    const group = (await t.call('POST', '/api/priceGroup/new/', { name: 'Wholesale, "A"' }, t.adminToken)).json()
      .priceGroup;
    const full = await createCustomer({
      company: 'Xport, "Full" Store',
      name: 'Ann Lee',
      address: '1 Main St\nSuite 2',
      city: 'Dallas',
      state: 'TX',
      postalCode: '75201',
      country: 'USA',
      phone: '(214) 555-0100',
      email: 'ann@full.example',
      awardPoints: 1500,
      taxPermitNumber: '0012345',
      priceGroupID: group.id,
      creditLimit: 1234567.89,
      dateLastVerified: '2024-03-05',
    });
    const dime = await createCustomer({ company: 'Xport Dime Store', creditLimit: 0.1 });
    const gone = await createCustomer({ company: 'Xport Gone Store' });
    await createCustomer({ company: 'Other Store' });
    expect((await t.call('DELETE', `/api/customer/delete/${gone.id}/`, undefined, t.adminToken)).statusCode).toBe(200);

    const res = await exportCustomers({
      searchQuery: 'xport',
      sortingList: [{ column: 'creditLimit', order: 'asc' }],
      currentPage: 2,
      resultsPerPage: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(parse(res.body)).toEqual([
      HEADINGS,
      ['Xport Dime Store', '', '', '', '', '', '', '', '', '0', '', dime.priceGroup, '0.10', '', String(dime.id)],
      [
        'Xport, "Full" Store',
        'Ann Lee',
        '1 Main St\nSuite 2',
        'Dallas',
        'TX',
        '75201',
        'USA',
        '(214) 555-0100',
        'ann@full.example',
        '1500',
        '0012345',
        'Wholesale, "A"',
        '1234567.89',
        '2024-03-05',
        String(full.id),
      ],
    ]);
    // The list's default order: company, then id.
    const byCompany = parse((await exportCustomers({ searchQuery: 'xport' })).body) as string[][];
    expect(byCompany.slice(1).map((r) => r[0])).toEqual(['Xport Dime Store', 'Xport, "Full" Store']);
  });

  it('honours "Over their credit limit" exactly as the list does', async () => {
    const over = await createCustomer({ company: 'Limit Over Shop', creditLimit: 10 });
    await createCustomer({ company: 'Limit Under Shop', creditLimit: 100 });
    const product = await createProduct(t, { sellingPrice: 12.5 });
    const inv = await newInvoice();
    await setInvoice(inv.id, { customerID: over.id });
    await addLine(inv.id, product.id);
    const due = await t.call(
      'PATCH',
      '/api/invoice/update/',
      { id: inv.id, status: 'DUE', confirmCreditLimit: true },
      t.adminToken,
    );
    expect(due.statusCode, due.body).toBe(200);

    const filter = { searchQuery: 'limit', overLimit: true };
    const list = (await t.call('POST', '/api/customer/all/', filter, t.adminToken)).json();
    const rows = parse((await exportCustomers(filter)).body) as string[][];
    expect(rows.slice(1).map((r) => Number(r[14]))).toEqual(list.customers.map((c: Customer) => c.id));
    expect(rows.slice(1).map((r) => [r[0], r[12]])).toEqual([['Limit Over Shop', '10.00']]);
    // Without the filter both shops are there.
    const all = parse((await exportCustomers({ searchQuery: 'limit' })).body) as string[][];
    expect(all.slice(1).map((r) => r[0])).toEqual(['Limit Over Shop', 'Limit Under Shop']);
  });

  it('answers 400 for an unknown sort column, 401 without a token, and any user may export', async () => {
    const bad = await exportCustomers({ sortingList: [{ column: 'resaleCertificateFileId', order: 'asc' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/sortingList column/);
    expect((await exportCustomers({}, null)).statusCode).toBe(401);
    const clerk = await t.createUser(`clerk${Date.now()}`);
    const res = await exportCustomers({}, clerk.token);
    expect(res.statusCode).toBe(200);
    expect((parse(res.body) as string[][])[0]).toEqual(HEADINGS);
  });
});
