import { expect, test } from '@playwright/test';
import { apiToken, createProduct, signIn, uniqueName } from './support';

/**
 * The counter by keyboard: the customer is picked by typing its name and Enter (the best match,
 * never "Walk-in customer"), the biller likewise, and the cursor is back in the scan box after
 * each pick and each quantity, so the next scan lands without a click.
 */
test('pick the biller and the customer by typing and Enter; scans and a quantity by keyboard only', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const headers = { Token: token };
  const tag = uniqueName('Kbd').split('.')[1];
  // Two stores whose names start alike: the exact one must win, whatever the server's order.
  for (const company of [`Express Mart #${tag}4`, `Express Mart #${tag}`]) {
    const res = await request.post('/api/customer/new/', { headers, data: { company } });
    expect(res.status(), await res.text()).toBe(200);
  }
  const cola = await createProduct(request, token, { name: `Cola ${tag}`, sellingPrice: 1.25 });
  const chips = await createProduct(request, token, { name: `Chips ${tag}`, sellingPrice: 2.5 });
  const created = await request.post('/api/invoice/new/invoice/', { headers });
  const id = (await created.json()).invoice.id as number;

  await signIn(page);
  await page.goto(`/invoices/edit/${id}`);
  const scanBox = page.getByTestId('scan-box');
  await expect(scanBox).toBeFocused();

  // Biller: focus it, type, Enter.
  const biller = page.getByRole('combobox', { name: 'Biller' });
  await biller.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('My Sec');
  // Enter once the list shows the match highlighted, as a clerk sees it (the billers may still be
  // loading, and the list highlights its first option on the render after the typing).
  const match = page.getByRole('option').first();
  await expect(match).toHaveText('My Second Company');
  await expect(match).toHaveAttribute('data-combobox-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(biller).toHaveValue('My Second Company');
  await expect(scanBox).toBeFocused();

  // Customer: type the store's whole name; Enter picks it, not the one that only starts so.
  const customer = page.getByRole('combobox', { name: 'Customer' });
  await customer.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(`Express Mart #${tag}`);
  await expect(page.getByRole('option').first()).toHaveText(`Express Mart #${tag}`);
  await expect(page.getByRole('option', { name: 'Walk-in customer' })).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(customer).toHaveValue(`Express Mart #${tag}`);
  await expect(scanBox).toBeFocused();
  // The pick is saved in the background: the server has it once that write lands.
  const summary = async () => (await request.post(`/api/invoice/summary/${id}/`, { headers })).json();
  await expect.poll(async () => (await summary()).invoiceSummary.customer).toBe(`Express Mart #${tag}`);

  // Scans straight away (the cursor is in the box), then a quantity by keyboard, then the next scan.
  await page.keyboard.insertText(cola.barcode);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('invoice-line')).toHaveCount(1);
  const quantity = page.getByLabel(`Quantity of Cola ${tag}`);
  await quantity.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('6');
  await page.keyboard.press('Enter');
  await expect(scanBox).toBeFocused();
  await page.keyboard.insertText(chips.barcode);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('invoice-line')).toHaveCount(2);
  await expect(page.getByLabel(`Quantity of Cola ${tag}`)).toHaveValue('6');
  await expect.poll(async () => (await summary()).invoiceTotals.total).toBe(10);
  // The draft's running total beside the scan box: 6 × $1.25 + $2.50.
  await expect(page.getByTestId('running-total')).toHaveText('Running total $10.00');
  await expect(page.getByTestId('running-totals')).toContainText('2 lines · 7 units');

  // `?` outside a text field lists the shortcuts.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help.getByTestId('shortcuts')).toContainText('Alt+SSubmit the invoice');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // Enter at once, before the matches arrive: it waits for them and picks the best.
  await customer.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(`Express Mart #${tag}4`);
  await page.keyboard.press('Enter');
  await expect(customer).toHaveValue(`Express Mart #${tag}4`);
  await expect(scanBox).toBeFocused();

  // Walk-in only when asked for: "walk" offers it first. (Typed again should the box still be
  // settling on the customer just picked: it sets its own text once the saved invoice comes back.)
  await expect(async () => {
    await customer.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('walk');
    await expect(page.getByRole('option').first()).toHaveText('Walk-in customer', { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press('Escape');

  // Submit, add a payment and print without leaving the scan box.
  await scanBox.focus();
  await page.keyboard.press('Alt+S');
  await expect(page.getByTestId('invoice-status')).toHaveText('DUE');
  await page.keyboard.press('Alt+P');
  await expect(page.getByRole('dialog', { name: /payment/i })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Alt+I');
  await expect(page).toHaveURL(new RegExp(`/invoices/print/${id}$`));
});

test("changing a draft's customer offers the new customer's prices: what changes, then Re-price", async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const headers = { Token: token };
  const tag = uniqueName('Rep').split('.')[1];
  const post = async (url: string, data: object) => {
    const res = await request.post(url, { headers, data });
    expect(res.status(), await res.text()).toBe(200);
    return res.json();
  };
  const group = (await post('/api/priceGroup/new/', { name: `Express ${tag}` })).priceGroup;
  await post('/api/customer/new/', { company: `Express Mart ${tag}`, priceGroupID: group.id });
  const corner = (await post('/api/customer/new/', { company: `Corner ${tag}` })).customer;
  const cola = await createProduct(request, token, { name: `Cola ${tag}`, sellingPrice: 1.24 });
  await post('/api/priceGroup/insert/', {
    priceGroupID: group.id,
    productID: cola.id,
    price: 1.2,
    suggestedRetailPrice: 1.89,
  });
  const id = (await post('/api/invoice/new/invoice/', {})).invoice.id as number;
  const set = await request.patch('/api/invoice/update/', { headers, data: { id, customerID: corner.id } });
  expect(set.status()).toBe(200);
  const line = (await post('/api/invoice/insert/', { invoiceID: id, productID: cola.id })).invoiceItem;
  const qty = await request.patch('/api/invoice/update/item/', {
    headers,
    data: { id: line.id, invoiceID: id, quantity: 10 },
  });
  expect(qty.status()).toBe(200);

  await signIn(page);
  await page.goto(`/invoices/edit/${id}`);
  await expect(page.getByTestId('running-total')).toHaveText('Running total $12.40');
  const customer = page.getByRole('combobox', { name: 'Customer' });
  await customer.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(`Express Mart ${tag}`);
  await page.keyboard.press('Enter');

  const offer = page.getByRole('dialog', { name: `Re-price at Express Mart ${tag}'s prices?` });
  await expect(offer.getByTestId('reprice-lines')).toContainText(`Cola ${tag}10$1.24$1.20-$0.40`);
  await expect(offer.getByTestId('reprice-change')).toHaveText('-$0.40');
  await page.screenshot({ path: test.info().outputPath('reprice.png') });
  // Enter takes the offer (the Re-price button has the focus).
  await page.keyboard.press('Enter');
  await expect(offer).toBeHidden();
  await expect(page.getByTestId('running-total')).toHaveText('Running total $12.00');
  await expect(page.getByTestId('invoice-line')).toContainText('$1.20');
  await expect(page.getByTestId('invoice-line')).toContainText('$12.00');
});
