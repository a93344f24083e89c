import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, apiCall, apiToken, createProduct, uniqueName } from './support';

/**
 * A whole day at the counter with the keyboard only (docs/web.md, "Keyboard"): sign in, Alt+N,
 * biller and customer by typing, 20 scans at scanner speed, a quantity, Alt+S, a cheque payment
 * (Alt+P), Alt+I. No click and no fill: keys and typing only; locators only say where the focus
 * is and what the screen shows.
 */

/** Presses `key` until `target` has the focus, at most `max` times; fails if it never gets it. */
async function pressUntilFocused(page: Page, key: string, target: Locator, max: number) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

/** window.print is counted instead of opening the dialogue. */
async function countPrints(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
}
const printed = (page: Page) => page.evaluate(() => (window as unknown as { printed: number }).printed);

/** The sign-in screen by keyboard: the cursor starts in Username, Tab to Password, Enter signs in. */
async function signInByKeyboard(page: Page) {
  await page.goto('/signin');
  await expect(page.getByLabel('Username')).toBeFocused();
  await page.keyboard.type(ADMIN.username);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('user-name')).toHaveText(ADMIN.username);
}

/** Whole cents of dollars, so sums of prices are exact. */
const cents = (dollars: number) => Math.round(dollars * 100);

test('a whole day by keyboard: sign in, an invoice of 20 scans, a quantity, submit, a cheque, print', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const token = await apiToken(request);
  const tag = uniqueName('Day').split('.')[1];
  const store = `Harbour Grocer ${tag}`;
  await apiCall(request, token, '/api/customer/new/', { company: store });
  // A biller of its own: no payment type is preset for it, so the clerk picks Cheque.
  const billerName = `Harbour Supply ${tag}`;
  await apiCall(request, token, '/api/supplier/new/', { company: billerName });
  const prices = [1.25, 2.5, 3.1, 0.99, 4.75];
  const products: { id: number; barcode: string }[] = [];
  for (const [i, price] of prices.entries()) {
    products.push(await createProduct(request, token, { name: `Day ${tag} item ${i + 1}`, sellingPrice: price }));
  }
  await countPrints(page);

  await signInByKeyboard(page);

  // Alt+N: a new invoice, the cursor in its scan box.
  await page.keyboard.press('Alt+N');
  await expect(page).toHaveURL(/\/invoices\/edit\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const scanBox = page.getByTestId('scan-box');
  await expect(scanBox).toBeFocused();

  // Biller, then customer: Shift+Tab back to each, type the name, Enter; the cursor comes back.
  const biller = page.getByRole('combobox', { name: 'Biller' });
  await pressUntilFocused(page, 'Shift+Tab', biller, 15);
  await page.keyboard.type(billerName);
  await page.keyboard.press('Enter');
  await expect(biller).toHaveValue(billerName);
  await expect(scanBox).toBeFocused();
  const customer = page.getByRole('combobox', { name: 'Customer' });
  await pressUntilFocused(page, 'Shift+Tab', customer, 15);
  await page.keyboard.type(store);
  await page.keyboard.press('Enter');
  await expect(customer).toHaveValue(store);
  await expect(scanBox).toBeFocused();

  // 20 scans at scanner speed: the code and Enter, with no pause between them.
  const scans = [0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 0, 1, 2, 3, 4, 4, 2, 1, 0];
  for (const i of scans) {
    await page.keyboard.type(products[i].barcode);
    await page.keyboard.press('Enter');
  }
  const lines = page.getByTestId('invoice-line');
  await expect(lines).toHaveCount(20);
  await expect(page.getByTestId('scan-failure')).toHaveCount(0);
  await expect(scanBox).toBeFocused();

  // A quantity: Tab (past Scan sounds) to the first line's, 3 and Enter; the cursor is back.
  const firstQuantity = page.getByLabel(`Quantity of Day ${tag} item 1`).first();
  await pressUntilFocused(page, 'Tab', firstQuantity, 3);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect(scanBox).toBeFocused();
  await expect(lines.first().getByTestId('line-subtotal')).toHaveText('$3.75');
  // Each product at its price, the first line 3 of them: 7 × $1.25 + 4 × $2.50 + 4 × $3.10 + 3 × $0.99 + 4 × $4.75.
  const counts = prices.map((_, i) => scans.filter((s) => s === i).length + (i === 0 ? 2 : 0));
  const expected = prices.reduce((sum, price, i) => sum + counts[i] * cents(price), 0);
  expect(expected).toBe(5312);
  await expect(page.getByTestId('running-total')).toHaveText('Running total $53.12');

  // Alt+S submits; the cursor stays in the scan box.
  await page.keyboard.press('Alt+S');
  await expect(page.getByTestId('invoice-status')).toHaveText('DUE');
  await expect(page.getByTestId('invoice-due')).toHaveText('$53.12');
  await expect(page.getByTestId('invoice-totals')).toContainText('Total$53.12');
  await expect(scanBox).toBeFocused();
  const stored = await apiCall(request, token, `/api/invoice/${id}/`, { resultsPerPage: 100 });
  const items = stored.invoiceItems as { productID: number; quantity: number; sellingPrice: number }[];
  expect(items).toHaveLength(20);
  for (const item of items) expect(item.sellingPrice).toBe(prices[products.findIndex((p) => p.id === item.productID)]);
  expect(items.reduce((sum, l) => sum + l.quantity * cents(l.sellingPrice), 0)).toBe(expected);

  // Alt+P: the payment dialog opens on Payment Type; "che" and Enter at once (no waiting for the
  // list) pick Cheque, Tab to its number, Tab past the optional photo to the amount, Enter adds it.
  await page.keyboard.press('Alt+P');
  const dialog = page.getByRole('dialog', { name: /^Add Payment/ });
  const type = dialog.getByRole('combobox', { name: 'Payment Type' });
  await expect(type).toBeFocused();
  await page.keyboard.type('che');
  await page.keyboard.press('Enter');
  await expect(type).toHaveValue('Cheque');
  await expect(dialog.getByText('Please enter the Cheque No.')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Cheque No')).toBeFocused();
  await page.keyboard.type('004417');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: /Cheque image/ })).toBeFocused();
  await page.keyboard.press('Tab');
  const amount = dialog.getByLabel('Amount', { exact: true });
  await expect(amount).toBeFocused();
  await expect(amount).toHaveValue('$53.12');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('50');
  await expect(dialog.getByTestId('payment-amount-due')).toHaveText('$3.12');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // Back in the scan box, the invoice paid in part.
  await expect(scanBox).toBeFocused();
  await expect(page.getByTestId('invoice-paid')).toHaveText('$50.00');
  await expect(page.getByTestId('invoice-due')).toHaveText('$3.12');
  await expect(page.getByTestId('invoice-status')).toHaveText('DUE');
  const history = await apiCall(request, token, `/api/payment/invoice/${id}/`, {});
  expect(history.paymentHistory).toHaveLength(1);
  expect(history.paymentHistory[0]).toMatchObject({
    invoiceID: id,
    paymentType: 'cheque',
    chequeNo: '004417',
    amountPaid: 50,
    amountDue: 3.12,
    hasCheque: false,
  });

  // Alt+I: the printout of this invoice, and the print dialogue.
  const invoiceNo = (await page.getByTestId('invoice-no').textContent()) ?? '';
  await page.keyboard.press('Alt+I');
  await expect(page).toHaveURL(new RegExp(`/invoices/print/${id}$`));
  await expect(page.getByTestId('document-number')).toHaveText(invoiceNo.replace('Invoice/', ''));
  await expect(page.getByTestId('document-line')).toHaveCount(20);
  await expect(page.getByTestId('document-footer')).toContainText('$53.12');
  await expect(page.getByTestId('document-footer')).toContainText('$3.12');
  await expect.poll(() => printed(page)).toBe(1);
  // The "print?" dialog opens on its Print button: Enter prints again; Escape closes it and leaves
  // the printout.
  const ask = page.getByRole('dialog', { name: 'Print' });
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Print' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => printed(page)).toBe(2);
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(page.getByTestId('invoice-sheet')).toBeVisible();
});

test('Submit and Add Payment by their buttons: the focus moves to Add Payment and comes back to it', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const token = await apiToken(request);
  const tag = uniqueName('Btn').split('.')[1];
  const product = await createProduct(request, token, { name: `Btn ${tag}`, sellingPrice: 2.2 });
  const id = (await apiCall(request, token, '/api/invoice/new/invoice/', {})).invoice.id as number;
  await apiCall(request, token, '/api/invoice/insert/', { invoiceID: id, productID: product.id });

  await signInByKeyboard(page);
  await page.goto(`/invoices/edit/${id}`);
  await expect(page.getByTestId('scan-box')).toBeFocused();
  const submit = page.getByRole('button', { name: 'Submit' });
  await pressUntilFocused(page, 'Shift+Tab', submit, 20);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('invoice-status')).toHaveText('DUE');
  // The Submit button is gone: the focus is on the next step, not lost to the page.
  const addPayment = page.getByRole('main').getByRole('button', { name: 'Add Payment' });
  await expect(addPayment).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /^Add Payment/ });
  // House biller: cash, so the dialog opens on the amount, the balance in it.
  await expect(dialog.getByLabel('Amount', { exact: true })).toBeFocused();
  await expect(dialog.getByLabel('Amount', { exact: true })).toHaveValue('$2.20');
  // Tab stays in the dialog: from its last button round to its first control.
  await pressUntilFocused(page, 'Tab', dialog.getByRole('button', { name: 'Add Payment' }), 12);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Dismiss' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(addPayment).toBeFocused();
  expect((await apiCall(request, token, `/api/payment/invoice/${id}/`, {})).paymentHistory).toHaveLength(0);
});

test('Alt+P as soon as the invoice shows (the payment form still loading): Escape gives the scan box its focus back', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const tag = uniqueName('Fast').split('.')[1];
  const product = await createProduct(request, token, { name: `Fast ${tag}`, sellingPrice: 3.3 });
  const id = (await apiCall(request, token, '/api/invoice/new/invoice/', {})).invoice.id as number;
  await apiCall(request, token, '/api/invoice/insert/', { invoiceID: id, productID: product.id });

  await signInByKeyboard(page);
  // The payment form's code arrives late: the dialog mounts already open.
  await page.route(/PaymentModal-.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.goto(`/invoices/edit/${id}`);
  const scanBox = page.getByTestId('scan-box');
  await expect(scanBox).toBeFocused();
  await page.keyboard.press('Alt+P');
  const dialog = page.getByRole('dialog', { name: /^Add Payment/ });
  await expect(dialog.getByLabel('Amount', { exact: true })).toHaveValue('$3.30');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(scanBox).toBeFocused();
});
