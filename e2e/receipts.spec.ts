import { type APIRequestContext, expect, test } from '@playwright/test';
import { products } from './invoice-documents.fixtures';
import { apiToken, signIn, uniqueName } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/pw-h6';

/**
 * One customer with three DUE invoices, oldest first:
 *   A 30 days ago: 4 × $1.25 = $5.00; B 20 days ago: 2 × $2.25 = $4.50; C 10 days ago: 8 × $1.25 = $10.00.
 */
async function threeInvoices(request: APIRequestContext) {
  const headers = { Token: await apiToken(request) };
  const tag = uniqueName('Receipt');
  const items = await products(request, headers.Token, tag, 2);
  const customer = (
    await (await request.post('/api/customer/new/', { headers, data: { company: `${tag} Grocery` } })).json()
  ).customer as { id: number; company: string };
  const now = Date.now();
  const daysAgo = (n: number) => new Date(now - n * 86_400_000).toISOString().slice(0, 10);
  const invoice = async (date: string, item: number, quantity: number) => {
    const created = (await (await request.post('/api/invoice/new/invoice/', { headers })).json()).invoice as {
      id: number;
      invoiceNo: string;
    };
    const id = created.id;
    expect(
      (await request.patch('/api/invoice/update/', { headers, data: { id, customerID: customer.id, date } })).ok(),
    ).toBe(true);
    const line = (
      await (
        await request.post('/api/invoice/insert/', { headers, data: { invoiceID: id, productID: items[item].id } })
      ).json()
    ).invoiceItem;
    await request.patch('/api/invoice/update/item/', { headers, data: { id: line.id, invoiceID: id, quantity } });
    expect((await request.patch('/api/invoice/update/', { headers, data: { id, status: 'DUE' } })).ok()).toBe(true);
    return created;
  };
  // Raised newest first: the form still lists them oldest first.
  const c = await invoice(daysAgo(10), 0, 8);
  const b = await invoice(daysAgo(20), 1, 2);
  const a = await invoice(daysAgo(30), 0, 4);
  return { headers, customer, a, b, c };
}

test('receive one cheque for three invoices: filled oldest first, one share set by hand, all three PAID or DUE with the right balances; deleting the receipt puts them back', async ({
  page,
  request,
}) => {
  const f = await threeInvoices(request);
  await signIn(page);
  await page.goto(`/customers?q=${encodeURIComponent(f.customer.company)}`);
  const row = page.getByRole('row').filter({ hasText: f.customer.company });
  await row.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Receive Payment' }).click();

  const dialog = page.getByRole('dialog', { name: `Receive Payment · ${f.customer.company}` });
  const rows = dialog.getByTestId('receipt-invoices').locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(f.a.invoiceNo);
  await expect(rows.nth(1)).toContainText(f.b.invoiceNo);
  await expect(rows.nth(2)).toContainText(f.c.invoiceNo);
  const share = (no: string) => dialog.getByLabel(`Allocated to ${no}`);

  // $12.00 fills A ($5.00) and B ($4.50) and leaves $2.50 on C.
  await dialog.getByLabel('Amount', { exact: true }).fill('12');
  await expect(share(f.a.invoiceNo)).toHaveValue('$5.00');
  await expect(share(f.b.invoiceNo)).toHaveValue('$4.50');
  await expect(share(f.c.invoiceNo)).toHaveValue('$2.50');
  await expect(dialog.getByTestId('receipt-remainder')).toHaveText('$0.00');

  // B by hand: $4.00 leaves $0.50 over, and Save waits for it to be placed or kept as credit.
  await share(f.b.invoiceNo).fill('4');
  await expect(dialog.getByTestId('receipt-remainder')).toHaveText('$0.50');
  await expect(dialog.getByTestId('receipt-problem')).toHaveText(
    'Allocate the whole amount, or mark the remainder as credit on account',
  );
  const save = dialog.getByRole('button', { name: 'Save Receipt' });
  await expect(save).toBeDisabled();
  await share(f.c.invoiceNo).fill('3');
  await expect(dialog.getByTestId('receipt-remainder')).toHaveText('$0.00');

  // A cheque needs its number; its photo is stored once, with the receipt.
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Cheque No').fill('88123');
  const png = await (await request.get('/images/barcodes/036000291452.png')).body();
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'cheque.png', mimeType: 'image/png', buffer: png });
  await expect(save).toBeEnabled();
  await page.screenshot({ path: `${SHOTS}/receive-payment.png` });
  await save.click();
  // The message names what is paid in full and what is still due.
  await expect(
    page.getByText(
      new RegExp(
        `^Receipt RCT-\\d{6} saved: ${f.a.invoiceNo} paid in full; ${f.b.invoiceNo} \\$4\\.00 paid, \\$0\\.50 still due; ${f.c.invoiceNo} \\$3\\.00 paid, \\$7\\.00 still due\\.$`,
      ),
    ),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // The invoice list filtered to the customer: A PAID, B and C DUE with what is left.
  await row.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Invoices' }).click();
  await expect(page.getByTestId('invoice-list-customer')).toContainText(f.customer.company);
  const invoiceRow = (no: string) => page.getByRole('row').filter({ hasText: no });
  await expect(invoiceRow(f.a.invoiceNo)).toContainText('PAID');
  await expect(invoiceRow(f.b.invoiceNo)).toContainText('DUE');
  await expect(invoiceRow(f.b.invoiceNo)).toContainText('$0.50');
  await expect(invoiceRow(f.c.invoiceNo)).toContainText('DUE');
  await expect(invoiceRow(f.c.invoiceNo)).toContainText('$7.00');
  await expect(page.getByTestId('invoices-total-paid')).toHaveText('$12.00');
  await expect(page.getByTestId('invoices-total-balance')).toHaveText('$7.50');
  await page.screenshot({ path: `${SHOTS}/invoices-of-customer.png` });

  // The customer's payment history shows the receipt reference on each share.
  await page.goto(`/payment/customer/${f.customer.id}`);
  await expect(page.getByRole('row').filter({ hasText: /RCT-\d{6}/ })).toHaveCount(3);
  await page.screenshot({ path: `${SHOTS}/customer-payments.png` });

  // The receipts screen: deleting the receipt names every invoice, then all three are open again.
  await page.goto(`/customers/${f.customer.id}/receipts`);
  const card = page.locator('[data-receipt]');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Cheque 88123');
  await page.screenshot({ path: `${SHOTS}/receipts.png` });
  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Its payments on' });
  for (const no of [f.a.invoiceNo, f.b.invoiceNo, f.c.invoiceNo]) await expect(confirm).toContainText(no);
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('No receipts yet')).toBeVisible();
  const open = await (await request.get(`/api/receipt/open/${f.customer.id}/`, { headers: f.headers })).json();
  expect(open.invoices.map((i: { balance: number }) => i.balance)).toEqual([5, 4.5, 10]);
});
