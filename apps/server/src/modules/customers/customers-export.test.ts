import type { Customer } from '@wd/contracts';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { created, csvDownload, expectExportRefusals, testApp } from '../../../test/helpers.js';
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

const createCustomer = (body: Record<string, unknown>) => created<Customer>(t, '/api/customer/new/', body, 'customer');

const exportCustomers = (body: unknown, token?: string) =>
  csvDownload(t, '/api/customer/export', body, 'customers', token);

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

    const rows = await exportCustomers({
      searchQuery: 'xport',
      sortingList: [{ column: 'creditLimit', order: 'asc' }],
      currentPage: 2,
      resultsPerPage: 1,
    });
    expect(rows).toEqual([
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
    const byCompany = await exportCustomers({ searchQuery: 'xport' });
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
    const rows = await exportCustomers(filter);
    expect(rows.slice(1).map((r) => Number(r[14]))).toEqual(list.customers.map((c: Customer) => c.id));
    expect(rows.slice(1).map((r) => [r[0], r[12]])).toEqual([['Limit Over Shop', '10.00']]);
    // Without the filter both shops are there.
    const all = await exportCustomers({ searchQuery: 'limit' });
    expect(all.slice(1).map((r) => r[0])).toEqual(['Limit Over Shop', 'Limit Under Shop']);
  });

  it('answers 400 for an unknown sort column, 401 without a token, and any user may export', async () => {
    await expectExportRefusals(t, '/api/customer/export', 'resaleCertificateFileId');
    const clerk = await t.createUser(`clerk${Date.now()}`);
    expect((await exportCustomers({}, clerk.token))[0]).toEqual(HEADINGS);
  });
});
