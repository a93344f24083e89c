import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiToken, createProduct, signIn, uniqueName } from './support';

/** A 1×1 PNG: a cheque photo the server takes as an image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A submitted (DUE) invoice of one $40 line, through the API. */
async function dueInvoice(request: APIRequestContext, token: string) {
  const headers = { Token: token };
  const product = await createProduct(request, token, { name: uniqueName('Cheque Test'), sellingPrice: 40 });
  const invoice = (await (await request.post('/api/invoice/new/invoice/', { headers })).json()).invoice as {
    id: number;
  };
  const line = await request.post('/api/invoice/insert/', {
    headers,
    data: { invoiceID: invoice.id, productID: product.id },
  });
  expect(line.status(), await line.text()).toBe(200);
  const submit = await request.patch('/api/invoice/update/', { headers, data: { id: invoice.id, status: 'DUE' } });
  expect(submit.status(), await submit.text()).toBe(200);
  return invoice;
}

/** A payment through the API, with a cheque photo when `photo` is set. */
async function pay(
  request: APIRequestContext,
  token: string,
  fields: Record<string, unknown>,
  photo = false,
): Promise<string> {
  const payment = JSON.stringify({ date: '2026-11-20', paymentType: 'cash', ...fields });
  const res = await request.post('/api/payment/insert/', {
    headers: { Token: token },
    multipart: photo
      ? { payment, chequeImage: { name: 'cheque.png', mimeType: 'image/png', buffer: PNG } }
      : { payment },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).payment.referenceNo;
}

test('a payment history: footer total, paid and balance; Download Cheque only where a photo is stored', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const invoice = await dueInvoice(request, token);
  const cash = await pay(request, token, { invoiceID: invoice.id, amountPaid: 10 });
  const noPhoto = await pay(request, token, {
    invoiceID: invoice.id,
    amountPaid: 5,
    paymentType: 'cheque',
    chequeNo: '4411',
  });
  const withPhoto = await pay(
    request,
    token,
    { invoiceID: invoice.id, amountPaid: 7.5, paymentType: 'cheque', chequeNo: '2002' },
    true,
  );

  await signIn(page);
  await page.goto(`/payment/invoice/${invoice.id}`);
  // Three payments of one $40 invoice: its total counts once; the balance is what it still owes.
  await expect(page.getByTestId('payments-total-total')).toHaveText('$40.00');
  await expect(page.getByTestId('payments-total-paid')).toHaveText('$22.50');
  await expect(page.getByTestId('payments-total-balance')).toHaveText('$17.50');

  const row = (ref: string) => page.getByRole('row', { name: new RegExp(ref) });
  // The row actions are in each row's menu (the table fits 1280 px): what it offers.
  const actionsOf = async (ref: string) => {
    await row(ref).getByRole('button', { name: 'More actions' }).click();
    // Every row's menu ends with Delete: read the items once the menu is there.
    await expect(page.getByRole('menuitem').last()).toHaveText('Delete');
    const items = await page.getByRole('menuitem').allTextContents();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem')).toHaveCount(0);
    return items;
  };
  expect(await actionsOf(cash)).toEqual(['Delete']);
  await expect(row(noPhoto)).toContainText('4411, no photo');
  expect(await actionsOf(noPhoto)).toEqual(['Delete']);
  await expect(row(withPhoto)).not.toContainText('no photo');
  expect(await actionsOf(withPhoto)).toEqual(['Download Cheque', 'Delete']);

  await row(withPhoto).getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Download Cheque' }).click();
  const viewer = page.getByRole('dialog', { name: `Cheque · ${withPhoto}` });
  await expect(viewer.getByRole('img', { name: 'Cheque' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a supplier payment starts as cash, as a biller 1 customer payment does', async ({ page, request }) => {
  const token = await apiToken(request);
  const headers = { Token: token };
  const company = uniqueName('Core-Mark');
  const supplier = (await (await request.post('/api/distributor/insert/', { headers, data: { company } })).json())
    .distributor as { id: number };
  const created = await request.post('/api/distributor/invoices/insert/', {
    headers,
    data: { date: '2026-11-20', distributorID: supplier.id, invoiceNo: '7001', amountPurchase: 80 },
  });
  expect(created.status(), await created.text()).toBe(200);

  await signIn(page);
  await page.goto('/distributors/invoices');
  await page.getByLabel('Search').fill(company);
  const row = page.getByRole('row', { name: new RegExp(company) });
  await row.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Add Payment' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('combobox', { name: 'Payment Type' })).toHaveValue('Cash');
  await dialog.getByRole('button', { name: 'Add Payment' }).click();
  await expect(page.getByTestId('supplier-total-paid')).toHaveText('$80.00');
});
