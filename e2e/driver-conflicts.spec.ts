import { expect, test } from '@playwright/test';
import {
  blocksOf,
  dollars,
  goOffline,
  invoiceByNumber,
  newOffice,
  newPhone,
  openDay,
  PHONE,
  sell,
  setUpRoute,
} from './driver-support';
import { apiCall, searchList, signIn } from './support';

test.use(PHONE);

/*
 * Route mode when things go wrong, part one: two devices offline at once, and the office changing
 * the catalog under a device. A connection cut half-way through a sync and a queue sent twice are
 * in driver-replay.spec.ts; the 200-line invoice in driver-long-invoice.spec.ts.
 */

test('two drivers offline at once each sync their invoice, numbered from their own device block', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const a = await setUpRoute(request);
  const b = await setUpRoute(request);
  const one = await newPhone(browser);
  const two = await newPhone(browser);
  try {
    await openDay(one.page, a.name);
    await openDay(two.page, b.name);
    // Both devices hold their own block, from the download.
    const [blockA] = await blocksOf(request, a.admin, a.name);
    const [blockB] = await blocksOf(request, a.admin, b.name);
    expect(blockA.deviceID).not.toBe(blockB.deviceID);
    expect(blockA.numbers.filter((n) => blockB.numbers.includes(n))).toEqual([]);

    await one.context.setOffline(true);
    await two.context.setOffline(true);
    await expect(one.page.getByText('Offline')).toBeVisible();
    await expect(two.page.getByText('Offline')).toBeVisible();

    // 3 × 1.24 + 2 × 0.99 = 5.70, paid in full; 4 × 0.50 + 1 × 1.24 = 3.24, $2 cash.
    const soldA = await sell(
      one.page,
      1,
      [
        [a.cola, 3],
        [a.chips, 2],
      ],
      [{ type: 'Cash' }],
      '$5.70',
    );
    const soldB = await sell(
      two.page,
      2,
      [
        [b.gum, 4],
        [b.cola, 1],
      ],
      [{ type: 'Cash', amount: 2 }],
      '$3.24',
    );
    // Each waits on its own device.
    for (const phone of [one, two]) {
      await phone.page.getByRole('link', { name: /waiting to be sent/ }).click();
      await expect(phone.page.getByText('1 waiting to be sent')).toBeVisible();
    }

    await one.context.setOffline(false);
    await two.context.setOffline(false);
    for (const phone of [one, two]) {
      await phone.page.getByRole('button', { name: 'Sync now' }).click();
      await expect(phone.page.getByText('Nothing waits to be sent.')).toBeVisible({ timeout: 20_000 });
      await expect(phone.page.getByTestId('queue-item').filter({ hasText: 'Sent' })).toHaveCount(1);
    }
    await expect(one.page.getByTestId('queue-item')).toContainText(`Invoice/${soldA.number} · ${a.stores[0].company}`);
    await expect(one.page.getByTestId('queue-item')).toContainText('Stored: total $5.70, balance $0.00');
    await expect(two.page.getByTestId('queue-item')).toContainText(`Invoice/${soldB.number} · ${b.stores[1].company}`);
    await expect(two.page.getByTestId('queue-item')).toContainText('Stored: total $3.24, balance $1.24');

    // Distinct numbers, each the first of its driver's own block and marked used there only.
    expect(soldA.number).not.toBe(soldB.number);
    const blocksA = await blocksOf(request, a.admin, a.name);
    const blocksB = await blocksOf(request, a.admin, b.name);
    expect(blocksA).toHaveLength(1);
    expect(blocksB).toHaveLength(1);
    expect(blocksA[0].used).toEqual([soldA.number]);
    expect(blocksB[0].used).toEqual([soldB.number]);
    expect(soldA.number).toBe(Math.min(...blocksA[0].numbers));
    expect(soldB.number).toBe(Math.min(...blocksB[0].numbers));
    expect(blocksB[0].numbers).not.toContain(soldA.number);
    expect(blocksA[0].numbers).not.toContain(soldB.number);

    // The totals the stores were shown.
    const invA = await invoiceByNumber(request, a.admin, soldA.number);
    const invB = await invoiceByNumber(request, a.admin, soldB.number);
    expect(invA).toMatchObject({ customer: a.stores[0].company, status: 'PAID', total: 5.7, paid: 5.7, balance: 0 });
    expect(invB).toMatchObject({ customer: b.stores[1].company, status: 'DUE', total: 3.24, paid: 2, balance: 1.24 });
    expect(invA.total - invA.amountCredited).toBe(dollars(soldA.total));
    expect(invB.total - invB.amountCredited).toBe(dollars(soldB.total));
  } finally {
    await one.context.close();
    await two.context.close();
  }
});

test('the office changes a price and deletes a product while the device is offline: the sale is kept as printed and flagged', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { admin, name, stores, cola, gum } = await setUpRoute(request);
  await openDay(page, name);
  await goOffline(page);

  // 2 × 1.24 + 3 × 0.50 = 2.48 + 1.50
  const sold = await sell(
    page,
    1,
    [
      [cola, 2],
      [gum, 3],
    ],
    [],
    '$3.98',
  );

  // Meanwhile in the office: Cola goes up to $1.39, Gum is deleted.
  await apiCall(
    request,
    admin,
    '/api/product/update/',
    {
      id: cola.id,
      name: cola.name,
      barcodeSymbology: 'upca',
      barcode: cola.barcode,
      costPrice: 0.8,
      sellingPrice: 1.39,
      suggestedRetailPrice: 1.99,
    },
    'patch',
  );
  await apiCall(request, admin, `/api/product/delete/${gum.id}/`, undefined, 'delete');

  await page.getByRole('link', { name: /waiting to be sent/ }).click();
  await expect(page.getByText('1 waiting to be sent')).toBeVisible();
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText('Nothing waits to be sent.')).toBeVisible({ timeout: 20_000 });
  const item = page.getByTestId('queue-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Sent');
  await expect(item).toContainText('Stored: total $3.98, balance $3.98');
  const priceMessage = `${cola.name}: sold at $1.24; the office's price for this customer is $1.39`;
  const deletedMessage = `${gum.name} was deleted in the office; the line keeps what was sold`;
  await expect(item.getByText(/^The office will check: /)).toHaveText([
    `The office will check: ${priceMessage}`,
    `The office will check: ${deletedMessage}`,
  ]);

  // The server stored the invoice as printed: the old price and both lines.
  const invoice = await invoiceByNumber(request, admin, sold.number);
  expect(invoice).toMatchObject({ customer: stores[0].company, status: 'DUE', total: 3.98, paid: 0, balance: 3.98 });
  const lines = (await apiCall(request, admin, `/api/invoice/${invoice.id}/`, { resultsPerPage: 100 })).invoiceItems;
  expect(
    lines.map((l: { productName: string; quantity: number; sellingPrice: number; subtotal: number }) => [
      l.productName,
      l.quantity,
      l.sellingPrice,
      l.subtotal,
    ]),
  ).toEqual([
    [cola.name, 2, 1.24, 2.48],
    [gum.name, 3, 0.5, 1.5],
  ]);

  // The office's list of flags shows both, against the invoice.
  const office = await newOffice(browser);
  try {
    const desk = await office.newPage();
    await signIn(desk);
    await desk.goto('/routes/flags');
    await expect(desk).toHaveTitle('Driver Flags | Wholesale Desk');
    await searchList(desk, name);
    const rows = desk.getByRole('row').filter({ hasText: name });
    await expect(rows).toHaveCount(2);
    const priceRow = rows.filter({ hasText: priceMessage });
    const deletedRow = rows.filter({ hasText: deletedMessage });
    await expect(priceRow).toContainText('Price differs');
    await expect(priceRow).toContainText('Open');
    await expect(deletedRow).toContainText('Deleted product');
    await expect(deletedRow).toContainText('Open');
    for (const row of [priceRow, deletedRow]) {
      await expect(row.getByRole('link', { name: `Invoice/${sold.number}` })).toHaveAttribute(
        'href',
        `/invoices/${invoice.id}`,
      );
    }
  } finally {
    await office.close();
  }
});
