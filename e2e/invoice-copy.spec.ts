import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiCall, apiToken, createProduct, signIn, uniqueName } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/pw-copy';

/**
 * A store's standing order: a customer in a price group of its own, a submitted and part-paid
 * invoice of chips (group price), soda (own price) and a return of chips marked damaged, and a
 * line of gum. Since then the group's chips price and the soda's price went up and the gum was
 * deleted.
 */
async function standingOrder(request: APIRequestContext) {
  const token = await apiToken(request);
  const call = (path: string, data?: unknown, method = 'post') => apiCall(request, token, path, data, method);
  const tag = uniqueName('Copy');
  const company = `${tag} Mart`;
  const group = (await call('/api/priceGroup/new/', { name: `${tag} prices` })).priceGroup;
  const customer = (await call('/api/customer/new/', { company, priceGroupID: group.id })).customer;
  const chips = await createProduct(request, token, {
    name: `${tag} Chips`,
    sellingPrice: 2,
    suggestedRetailPrice: 2.99,
  });
  const soda = await createProduct(request, token, {
    name: `${tag} Soda`,
    sellingPrice: 1.5,
    suggestedRetailPrice: 1.99,
  });
  const gum = await createProduct(request, token, {
    name: `${tag} Gum`,
    sellingPrice: 0.5,
    suggestedRetailPrice: 0.99,
  });
  const item = (
    await call('/api/priceGroup/insert/', {
      priceGroupID: group.id,
      productID: chips.id,
      price: 1.8,
      suggestedRetailPrice: 2.79,
    })
  ).priceGroupItem;
  const invoice = (await call('/api/invoice/new/invoice/')).invoice as { id: number; invoiceNo: string };
  await call('/api/invoice/update/', { id: invoice.id, customerID: customer.id }, 'patch');
  const lines: [{ id: number }, number, boolean][] = [
    [chips, 3, false],
    [soda, 2, false],
    [chips, -1, true],
    [gum, 1, false],
  ];
  for (const [product, quantity, damagedGood] of lines) {
    const line = (await call('/api/invoice/insert/', { invoiceID: invoice.id, productID: product.id })).invoiceItem;
    if (quantity !== 1)
      await call('/api/invoice/update/item/', { id: line.id, invoiceID: invoice.id, quantity, damagedGood }, 'patch');
  }
  await call('/api/invoice/update/', { id: invoice.id, status: 'DUE' }, 'patch');
  await call('/api/payment/insert/', { invoiceID: invoice.id, date: '2026-11-20', paymentType: 'cash', amountPaid: 2 });
  await call('/api/priceGroup/update/item/', { id: item.id, price: 1.95, suggestedRetailPrice: 2.89 }, 'patch');
  await call(
    '/api/product/update/',
    {
      id: soda.id,
      name: soda.name,
      barcodeSymbology: 'upca',
      barcode: soda.barcode,
      costPrice: 1,
      sellingPrice: 1.6,
      suggestedRetailPrice: 2.09,
    },
    'patch',
  );
  await call(`/api/product/delete/${gum.id}/`, undefined, 'delete');
  return { invoice, company, chips, soda, gum };
}

type Order = Awaited<ReturnType<typeof standingOrder>>;

/** The new draft's edit screen: NEW, the customer, the three lines at today's prices, the running total. */
async function expectDraft(page: Page, order: Order, sourceId: number) {
  await expect(page).toHaveURL(/\/invoices\/edit\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  expect(id).not.toBe(sourceId);
  await expect(page.getByTestId('invoice-status')).toHaveText('NEW');
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue(order.company);
  const lines = page.getByTestId('invoice-line');
  await expect(lines).toHaveCount(3);
  const expected = [
    [order.chips.name, '3', '$1.95', '$2.89', '$5.85'],
    [order.soda.name, '2', '$1.60', '$2.09', '$3.20'],
    [order.chips.name, '-1', '$1.95', '$2.89', '-$1.95'],
  ];
  for (const [n, [name, quantity, price, retail, subtotal]] of expected.entries()) {
    const row = lines.nth(n);
    await expect(row).toContainText(name);
    await expect(row.getByRole('textbox')).toHaveValue(quantity);
    await expect(row.getByRole('button', { name: `${price}: edit price of ${name}` })).toHaveText(price);
    await expect(row).toContainText(retail);
    await expect(row.getByTestId('line-subtotal')).toHaveText(subtotal);
  }
  await expect(lines.nth(2).getByRole('checkbox')).toBeChecked();
  await expect(lines.nth(0).getByRole('checkbox')).not.toBeChecked();
  await expect(page.getByTestId('running-totals')).toContainText('3 lines · 4 units');
  await expect(page.getByTestId('running-total')).toHaveText('Running total $7.10');
  await expect(page.getByTestId('invoice-paid')).toHaveText('$0.00');
  await expect(page.getByLabel('Remarks')).toHaveValue('');
  return id;
}

test('Copy to new invoice from the list and from the invoice page: a NEW draft at today’s prices', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const order = await standingOrder(request);
  const { invoice, company } = order;
  await signIn(page);

  // From the list's row menu: asked first, then the new draft's edit screen and what was copied.
  await page.goto(`/invoices?q=${encodeURIComponent(company)}`);
  const row = page.getByRole('row').filter({ hasText: invoice.invoiceNo });
  await row.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Copy to new invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy to new invoice' });
  await expect(dialog).toContainText(`Copy invoice ${invoice.invoiceNo} to a new draft for ${company}?`);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  const first = await expectDraft(page, order, invoice.id);
  const notice = page.getByRole('alert').filter({ hasText: 'Copied to a new draft' });
  await expect(notice).toContainText(`copied 3 lines from ${invoice.invoiceNo} at today's prices.`);
  await expect(notice).toContainText(`Left out (deleted since): ${order.gum.name}.`);
  await page.screenshot({ path: `${SHOTS}/invoice-copy-draft.png`, fullPage: true });
  // The notice (it stays until closed) covers none of the title bar's actions: each takes a click.
  const titleBar = [
    page.getByRole('button', { name: 'Submit', exact: true }),
    page.getByRole('button', { name: 'Add Payment', exact: true }),
    page.getByRole('link', { name: 'View Payments', exact: true }),
    page.getByRole('button', { name: 'Delete', exact: true }),
  ];
  for (const action of titleBar) await action.click({ trial: true, timeout: 2_000 });
  await notice.getByRole('button').click();

  // From the invoice's page: No keeps things as they are, Copy makes a second draft.
  await page.goto(`/invoices/${invoice.id}`);
  await page.getByRole('button', { name: 'Copy to new invoice' }).click();
  await expect(dialog).toContainText(`Copy invoice ${invoice.invoiceNo} to a new draft for ${company}?`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.id}$`));
  await page.getByRole('button', { name: 'Copy to new invoice' }).click();
  await dialog.getByRole('button', { name: 'Copy' }).click();
  const second = await expectDraft(page, order, invoice.id);
  expect(second).not.toBe(first);

  // The list has the source (DUE, paid 2) and the two NEW drafts at $7.10 each.
  await page.goto(`/invoices?q=${encodeURIComponent(company)}`);
  await expect(page.getByRole('row').filter({ hasText: 'NEW' })).toHaveCount(2);
  await expect(page.getByTestId('invoices-total-balance')).toHaveText('$19.30');
});
