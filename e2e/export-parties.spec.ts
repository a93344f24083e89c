import { expect, test } from '@playwright/test';
import {
  apiToken,
  createProduct,
  exportCsv,
  apiCall as post,
  searchList,
  signIn,
  sortList,
  uniqueName,
} from './support';

const CUSTOMER_HEADINGS = [
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

test('Export CSV of the customers, billers and suppliers: the search, filter and sort of the screen', async ({
  page,
  request,
}) => {
  // Three lists, three exports and a dozen API calls: 11 s alone, over 30 s beside a worker sending PDFs.
  test.setTimeout(60_000);
  const token = await apiToken(request);
  const tag = uniqueName('Csvparty');

  // Customers: one over its limit (a DUE invoice of $12.50 against $10), one within.
  const over = (
    await post(request, token, '/api/customer/new/', {
      company: `${tag} Over, "Mart"`,
      name: 'Ann Lee',
      address: '1 Main St',
      city: 'Dallas',
      state: 'TX',
      postalCode: '75201',
      country: 'USA',
      phone: '(214) 555-0100',
      email: 'ann@over.example',
      awardPoints: 120,
      taxPermitNumber: '0012345',
      creditLimit: 10,
      dateLastVerified: '2025-03-05',
    })
  ).customer;
  const within = (
    await post(request, token, '/api/customer/new/', { company: `${tag} Within`, creditLimit: 1234567.89 })
  ).customer;
  const product = await createProduct(request, token, { name: uniqueName('Csv soda'), sellingPrice: 12.5 });
  const invoice = (await post(request, token, '/api/invoice/new/invoice/', undefined)).invoice;
  await post(request, token, '/api/invoice/update/', { id: invoice.id, customerID: over.id }, 'patch');
  await post(request, token, '/api/invoice/insert/', { invoiceID: invoice.id, productID: product.id });
  await post(
    request,
    token,
    '/api/invoice/update/',
    { id: invoice.id, status: 'DUE', confirmCreditLimit: true },
    'patch',
  );

  await signIn(page);
  await page.goto('/customers');
  await searchList(page, tag);
  await sortList(page, 'Credit limit', 'descending');
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(2);
  const customers = await exportCsv(page, 'customers');
  const overRow = [
    over.company,
    'Ann Lee',
    '1 Main St',
    'Dallas',
    'TX',
    '75201',
    'USA',
    '(214) 555-0100',
    'ann@over.example',
    '120',
    '0012345',
    over.priceGroup,
    '10.00',
    '2025-03-05',
    String(over.id),
  ];
  expect(customers).toEqual([
    CUSTOMER_HEADINGS,
    [within.company, '', '', '', '', '', '', '', '', '0', '', within.priceGroup, '1234567.89', '', String(within.id)],
    overRow,
  ]);
  // Over their credit limit: only the customer past it.
  await page.getByLabel('Over their credit limit').click();
  await expect(page).toHaveURL(/[?&]overLimit=1/);
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(1);
  expect(await exportCsv(page, 'customers')).toEqual([CUSTOMER_HEADINGS, overRow]);

  // Billers: the screen's columns, then the rest of the address; sorted by City.
  const dallas = (
    await post(request, token, '/api/supplier/new/', {
      company: `${tag} Dallas Co`,
      name: 'Bo Diaz',
      address: '2 Elm St',
      city: 'Dallas',
      state: 'TX',
      postalCode: '75202',
      country: 'USA',
      phone: '(214) 555-0101',
      email: 'bo@dallas.example',
    })
  ).biller;
  const austin = (await post(request, token, '/api/supplier/new/', { company: `${tag} Austin Co`, city: 'Austin' }))
    .biller;
  await page.goto('/billers');
  await searchList(page, tag);
  await sortList(page, 'City', 'ascending');
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(2);
  const billers = await exportCsv(page, 'billers');
  expect(billers).toEqual([
    ['ID', 'Company', 'Contact', 'City', 'Phone', 'Email', 'Address', 'State', 'Postal Code', 'Country'],
    [String(austin.id), austin.company, '', 'Austin', '', '', '', '', '', ''],
    [
      String(dallas.id),
      dallas.company,
      'Bo Diaz',
      'Dallas',
      '(214) 555-0101',
      'bo@dallas.example',
      '2 Elm St',
      'TX',
      '75202',
      'USA',
    ],
  ]);

  // Suppliers: in the list's order (by supplier name).
  const beta = (
    await post(request, token, '/api/distributor/insert/', {
      company: `${tag} Beta Foods`,
      email: 'orders@beta.example',
      phone: '800-555-0199',
      address: '395 Oyster Point Blvd',
    })
  ).distributor;
  const alpha = (await post(request, token, '/api/distributor/insert/', { company: `${tag} Alpha Foods` })).distributor;
  await page.goto('/distributors');
  await searchList(page, tag);
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(2);
  const suppliers = await exportCsv(page, 'suppliers');
  expect(suppliers).toEqual([
    ['Supplier', 'Email', 'Phone', 'Address', 'ID'],
    [alpha.company, '', '', '', String(alpha.id)],
    [beta.company, 'orders@beta.example', '800-555-0199', '395 Oyster Point Blvd', String(beta.id)],
  ]);
});
