import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiToken, chooseOption, createProduct, exportCsv, apiCall as post, signIn, uniqueName } from './support';

/** Export CSV of the invoices, the supplier invoices and the payment histories, under the screen's filter. */

/** A customer's submitted invoice of one line of `product`, paid `paid` (dollars) by `paymentType`. */
async function dueInvoice(
  request: APIRequestContext,
  token: string,
  customerID: number,
  productID: number,
  payment?: Record<string, unknown>,
) {
  const { invoice } = await post(request, token, '/api/invoice/new/invoice/', undefined);
  await post(request, token, '/api/invoice/update/', { id: invoice.id, customerID }, 'patch');
  await post(request, token, '/api/invoice/insert/', { invoiceID: invoice.id, productID });
  await post(request, token, '/api/invoice/update/', { id: invoice.id, status: 'DUE' }, 'patch');
  if (payment) {
    await post(request, token, '/api/payment/insert/', {
      invoiceID: invoice.id,
      date: '2026-11-20',
      paymentType: 'cash',
      ...payment,
    });
  }
  return (await post(request, token, `/api/invoice/summary/${invoice.id}/`, undefined)).invoiceSummary as {
    id: number;
    invoiceNo: string;
    date: string;
    biller: string;
  };
}

test('Export CSV of the invoices: the search and the Status filter of the screen, money exact', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const company = `${uniqueName('Csvmart')}, "East"`;
  const { customer } = await post(request, token, '/api/customer/new/', { company });
  const product = await createProduct(request, token, { name: uniqueName('Csv Crate'), sellingPrice: 1234.56 });
  const due = await dueInvoice(request, token, customer.id, product.id, { amountPaid: 0.1 });
  await dueInvoice(request, token, customer.id, product.id, { amountPaid: 1234.56 });

  await signIn(page);
  await page.goto('/invoices');
  await page.getByLabel('Search').fill(company);
  await expect(page.getByRole('row', { name: /Csvmart/ })).toHaveCount(2);
  await chooseOption(page, 'Status', 'DUE');
  await expect(page.getByRole('row', { name: /Csvmart/ })).toHaveCount(1);
  const invoices = await exportCsv(page, 'invoices');
  expect(invoices).toEqual([
    [
      'Invoice No',
      'Date',
      'Customer',
      'Biller',
      'Invoice Type',
      'Status',
      'Consignment Status',
      'Total',
      'Paid',
      'Discount',
      'Credit',
      'Balance',
      'Award Points Redeemed',
      'Remarks',
      'Notes',
    ],
    [
      due.invoiceNo,
      due.date,
      company,
      due.biller,
      'Invoice',
      'DUE',
      '',
      '1234.56',
      '0.10',
      '0.00',
      '0.00',
      '1234.46',
      '0.00',
      '',
      '',
    ],
  ]);
});

test('Export CSV of the supplier invoices: the Supplier filter of the screen', async ({ page, request }) => {
  const token = await apiToken(request);
  const company = uniqueName('Csvsupply');
  const { distributor: supplier } = await post(request, token, '/api/distributor/insert/', { company });
  const invoice = async (invoiceNo: string, date: string, amountPurchase: number, note: string) =>
    (
      await post(request, token, '/api/distributor/invoices/insert/', {
        date,
        distributorID: supplier.id,
        invoiceNo,
        amountPurchase,
        note,
      })
    ).distributorInvoice as { id: number };
  const big = await invoice('9001', '2026-10-02', 1234567.89, 'Pallets, "blue"');
  const small = await invoice('9002', '2026-10-01', 20, '');
  const paySupplier = (invoiceID: number, amountPaid: number) =>
    post(request, token, '/api/distributorPayment/insert/', {
      invoiceID,
      date: '2026-10-05',
      paymentType: 'cash',
      amountPaid,
    });
  await paySupplier(big.id, 0.1);
  await paySupplier(small.id, 20);

  await signIn(page);
  await page.goto('/distributors/invoices');
  await chooseOption(page, 'Supplier', company);
  await expect(page).toHaveURL(/distributor=/);
  await expect(page.getByRole('row', { name: new RegExp(company) })).toHaveCount(2);
  const invoices = await exportCsv(page, 'supplier-invoices');
  expect(invoices).toEqual([
    ['Date', 'Supplier', 'Invoice No', 'Status', 'Purchase', 'Paid', 'Due', 'Date Paid', 'Note'],
    ['2026-10-02', company, '9001', 'DUE', '1234567.89', '0.10', '1234567.79', '', 'Pallets, "blue"'],
    ['2026-10-01', company, '9002', 'PAID', '20.00', '20.00', '0.00', '2026-10-05', ''],
  ]);

  // The supplier's payment history: both payments, newest first (same date: the later one first).
  await page.goto(`/distributors/${supplier.id}/payments`);
  await expect(page.getByRole('row', { name: /SPAY-/ })).toHaveCount(2);
  const payments = await exportCsv(page, 'supplier-payments');
  expect(payments).toEqual([
    ['Reference', 'Date', 'Invoice', 'Supplier', 'Total', 'Paid', 'Due', 'Type', 'Cheque'],
    [expect.stringMatching(/^SPAY-/), '2026-10-05', '9002', company, '20.00', '20.00', '0.00', 'Cash', ''],
    [expect.stringMatching(/^SPAY-/), '2026-10-05', '9001', company, '1234567.89', '0.10', '1234567.79', 'Cash', ''],
  ]);
});

test("Export CSV of a customer's payment history: the search of the screen", async ({ page, request }) => {
  const token = await apiToken(request);
  const company = uniqueName('Csvpayer');
  const { customer } = await post(request, token, '/api/customer/new/', { company });
  const product = await createProduct(request, token, { name: uniqueName('Csv Case'), sellingPrice: 40 });
  const invoice = await dueInvoice(request, token, customer.id, product.id, { amountPaid: 0.1 });
  await post(request, token, '/api/payment/insert/', {
    invoiceID: invoice.id,
    date: '2026-11-21',
    paymentType: 'cheque',
    chequeNo: '4411',
    amountPaid: 5,
  });

  await signIn(page);
  await page.goto(`/payment/customer/${customer.id}`);
  await expect(page.getByRole('row', { name: /PAY-/ })).toHaveCount(2);
  await page.getByLabel('Search').fill('4411');
  await expect(page.getByRole('row', { name: /PAY-/ })).toHaveCount(1);
  const payments = await exportCsv(page, 'customer-payments');
  expect(payments).toEqual([
    [
      'Reference',
      'Receipt',
      'Date',
      'Invoice',
      'Biller',
      'Customer',
      'Total',
      'Paid',
      'Discount',
      'Due',
      'Type',
      'Cheque',
      'Points',
    ],
    [
      expect.stringMatching(/^PAY-/),
      '',
      '2026-11-21',
      invoice.invoiceNo,
      invoice.biller,
      company,
      '40.00',
      '5.00',
      '0.00',
      '34.90',
      'Cheque',
      '4411, no photo',
      '0.00',
    ],
  ]);
});

test('Export CSV of the expenses: the Month and Year filter and the search of the screen', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const expense = uniqueName('Csv fuel');
  for (const [date, amount] of [
    ['2025-07-03', 19.99],
    ['2025-07-31', 1234567.89],
    ['2025-08-01', 5],
  ] as const) {
    await post(request, token, '/api/expenses/insert/', { date, billerID: 2, expense, category: 'Truck', amount });
  }

  await signIn(page);
  await page.goto('/expenses');
  await page.getByLabel('Search').fill(expense);
  await chooseOption(page, 'Month', 'July');
  await page.getByLabel('Year').fill('2025');
  await expect(page.getByRole('row', { name: /EXP-/ })).toHaveCount(2);
  const expenses = await exportCsv(page, 'expenses');
  expect(expenses[0]).toEqual(['Reference', 'Date', 'Biller', 'Expense', 'Category', 'Amount']);
  // The list's order (newest first), money with two decimals, August left out by the filter.
  expect(expenses.slice(1).map((r) => r.slice(1))).toEqual([
    ['2025-07-31', 'My Second Company', expense, 'Truck', '1234567.89'],
    ['2025-07-03', 'My Second Company', expense, 'Truck', '19.99'],
  ]);
});
