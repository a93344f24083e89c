import { expect, type Page, test } from '@playwright/test';
import { goOffline, newOffice, openDay, PHONE, progressOf, scan, setUpRoute } from './driver-support';
import { apiCall, signIn } from './support';

// A driver's phone: 390 × 844, the service worker allowed (the offline shell).
test.use(PHONE);

/** A 1×1 PNG: the cheque photo the camera would take. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function sign(page: Page, receivedBy: string) {
  await page.getByRole('button', { name: 'Signature' }).click();
  await page.getByLabel('Received by (printed name)').fill(receivedBy);
  const pad = page.getByLabel('Signature', { exact: true });
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 150);
  await page.mouse.down();
  for (const [x, y] of [
    [80, 60],
    [140, 170],
    [200, 70],
    [260, 160],
  ])
    await page.mouse.move(box.x + x, box.y + y, { steps: 4 });
  await page.mouse.up();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`Received by ${receivedBy}`)).toBeVisible();
}

test('a driver downloads the day, sells at three stops offline, closes the app, and syncs exactly what the stores were handed', async ({
  page,
  context,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const { admin, name, stores, cola, chips, gum } = await setUpRoute(request);

  // A driver lands on the route screens; the shell is cached once the service worker controls the page.
  await openDay(page, name, /^Stop 1: .*Express Mart/);
  await goOffline(page);

  // Stop 1: 30 scans (20 colas, 10 chips), a damaged return, a cheque with its photo, a signature, print.
  await page.getByRole('link', { name: /^Stop 1:/ }).click();
  await page.getByRole('button', { name: 'New invoice' }).click();
  for (let i = 0; i < 30; i++) await scan(page, i % 3 === 2 ? chips.barcode : cola.barcode);
  await expect(page.getByTestId('device-line')).toHaveCount(2);
  await expect(page.getByLabel(`Quantity of ${cola.name}`)).toHaveValue('20');
  await expect(page.getByLabel(`Quantity of ${chips.name}`)).toHaveValue('10');
  await scan(page, gum.barcode);
  await page.getByRole('button', { name: `One more ${gum.name}` }).click();
  const gumLine = page.getByTestId('device-line').filter({ hasText: gum.name });
  // The line is saved on the device first, then shown: click, then see it.
  await gumLine.getByLabel('Return').click();
  await expect(gumLine.getByLabel('Return')).toBeChecked();
  await gumLine.getByLabel('Damaged').click();
  await expect(gumLine.getByLabel('Damaged')).toBeChecked();
  // 20 × 1.24 + 10 × 0.99 − 2 × 0.50 = 24.80 + 9.90 − 1.00
  await expect(page.getByTestId('invoice-total')).toHaveText('$33.70');
  await page.getByRole('button', { name: 'Payment' }).click();
  await page.getByText('Cheque', { exact: true }).click();
  await page.getByLabel('Amount').fill('30');
  await page.getByLabel('Cheque No.').fill('1042');
  await page.locator('input[type="file"]').setInputFiles({ name: 'cheque.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByAltText('The cheque')).toBeVisible();
  await page.getByRole('button', { name: 'Add payment' }).click();
  await sign(page, 'Maria Lopez');
  await page.getByRole('button', { name: 'Finish & print' }).click();
  await expect(page).toHaveURL(/\/driver\/print\//);
  const number1 = (await page.getByTestId('document-number').textContent())!;
  await expect(page.getByTestId('document-proof')).toContainText('Received by Maria Lopez');
  await page.getByRole('link', { name: 'Next stop' }).click();

  // Stop 2: two scans, cash.
  await page.getByRole('link', { name: /^Stop 2:/ }).click();
  await page.getByRole('button', { name: 'New invoice' }).click();
  await scan(page, chips.name);
  await scan(page, chips.barcode);
  await expect(page.getByTestId('invoice-total')).toHaveText('$1.98');
  await page.getByRole('button', { name: 'Payment' }).click();
  await page.getByRole('button', { name: 'Add payment' }).click();
  await page.getByRole('button', { name: 'Finish & print' }).click();
  const number2 = (await page.getByTestId('document-number').textContent())!;
  await page.getByRole('link', { name: 'Next stop' }).click();

  // Stop 3: closed.
  await page.getByRole('link', { name: /^Stop 3:/ }).click();
  await page.getByRole('button', { name: 'Skip this stop' }).click();
  await page.getByLabel('Reason').fill('Closed for inventory');
  await page.getByRole('button', { name: 'Skip', exact: true }).click();
  await expect(page.getByRole('link', { name: /^Stop 3: .*Skipped/ })).toBeVisible();

  // The app closed and opened again with no signal: everything is still there.
  await page.close();
  const again = await context.newPage();
  await again.goto('/driver');
  await expect(again.getByRole('link', { name: /^Stop 1: .*Done/ })).toBeVisible();
  await expect(again.getByRole('link', { name: /^Stop 2: .*Done/ })).toBeVisible();
  await again.getByRole('link', { name: /waiting to be sent/ }).click();
  // Two invoices and the skip wait, in the order they were made.
  await expect(again.getByTestId('queue-item')).toHaveCount(3);
  await expect(again.getByText('3 waiting to be sent')).toBeVisible();

  // Signal again: the queue goes out.
  await context.setOffline(false);
  await again.getByRole('button', { name: 'Sync now' }).click();
  await expect(again.getByText('Nothing waits to be sent.')).toBeVisible({ timeout: 20_000 });
  await expect(again.getByTestId('queue-item').filter({ hasText: 'Sent' })).toHaveCount(3);

  // The server holds exactly the store's copies.
  const find = async (number: string) =>
    (await apiCall(request, admin, '/api/invoice/all/', { searchQuery: `Invoice/${number}` })).invoices[0];
  const first = await find(number1);
  expect(first).toMatchObject({ customer: stores[0].company, status: 'DUE', total: 34.7, paid: 30 });
  const lines = (await apiCall(request, admin, `/api/invoice/${first.id}/`, { resultsPerPage: 100 })).invoiceItems;
  expect(
    lines.map((l: { productName: string; quantity: number; damagedGood: boolean }) => [
      l.productName,
      l.quantity,
      l.damagedGood,
    ]),
  ).toEqual([
    [cola.name, 20, false],
    [chips.name, 10, false],
    [gum.name, -2, true],
  ]);
  const payments = (await apiCall(request, admin, `/api/payment/invoice/${first.id}/`, {})).paymentHistory;
  expect(payments).toMatchObject([{ paymentType: 'cheque', amountPaid: 30, chequeNo: '1042', hasCheque: true }]);
  const second = await find(number2);
  expect(second).toMatchObject({ customer: stores[1].company, status: 'PAID', total: 1.98, paid: 1.98 });
  // The office sees the proof of delivery on the invoice's page.
  const office = await newOffice(browser);
  const desk = await office.newPage();
  await signIn(desk);
  await desk.goto(`/invoices/${first.id}`);
  await expect(desk.getByTestId('document-proof')).toContainText('Received by Maria Lopez');
  await expect(desk.getByAltText('Signature of Maria Lopez')).toBeVisible();
  await office.close();

  // The office sees the day: two stops done, one skipped.
  expect(await progressOf(request, admin, name)).toMatchObject({
    stops: 3,
    done: 2,
    skipped: 1,
    invoices: 2,
    sold: 35.68,
    collected: 31.98,
  });
});
