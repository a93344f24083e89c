import { expect, test } from '@playwright/test';
import { todayIn } from '@wd/contracts';
import { goOffline, newOffice, openDay, PHONE, progressOf, scan, sell, setUpRoute } from './driver-support';
import { apiCall, signIn } from './support';

// The driver's part on a phone (390 × 844, the offline shell allowed); the office's at its desk.
test.use(PHONE);

test('a whole day: receive, load the truck, sell at two stops (one offline), settle a $5 short and close', async ({
  page,
  context,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const { admin, name, tag, cola, chips } = await setUpRoute(request);
  const today = todayIn('America/Chicago');

  // The morning: goods received from a supplier (100 colas, 60 chips), then 48 and 24 loaded.
  const { distributor } = await apiCall(request, admin, '/api/distributor/insert/', { company: `Core-Mark ${tag}` });
  await apiCall(request, admin, '/api/distributor/invoices/insert/', {
    date: today,
    distributorID: distributor.id,
    invoiceNo: '9001',
    amountPurchase: 110,
    lines: [
      { productID: cola.id, quantity: 100, cost: 0.8 },
      { productID: chips.id, quantity: 60, cost: 0.5 },
    ],
  });
  const { locations } = await apiCall(request, admin, '/api/stock/locations/', undefined);
  const truck = locations.find((l: { route: string }) => l.route === `North ${tag}`);
  await apiCall(request, admin, '/api/stock/transfer/', {
    fromLocationID: 1,
    toLocationID: truck.id,
    lines: [
      { productID: cola.id, quantity: 48 },
      { productID: chips.id, quantity: 24 },
    ],
  });

  // Stop 1 with signal: 3 colas and 2 chips, cash. 3 × 1.24 + 2 × 0.99 = 5.70.
  await openDay(page, name);
  await sell(
    page,
    1,
    [
      [cola, 3],
      [chips, 2],
    ],
    [{ type: 'Cash' }],
    '$5.70',
  );
  // The truck's stock on the phone: 48 colas and 24 chips loaded, 3 and 2 sold.
  await page.getByRole('link', { name: 'Truck stock' }).click();
  await expect(page.getByLabel(`${cola.name} on the truck`)).toHaveText('45');
  await expect(page.getByLabel(`${chips.name} on the truck`)).toHaveText('22');
  await page.screenshot({ path: test.info().outputPath('truck-stock.png') });
  // Back to the stops by the header's route name.
  await page.getByRole('link', { name: `North ${tag} · Truck 12` }).click();
  await expect(page.getByRole('link', { name: /^Stop 2:/ })).toBeVisible();

  // Stop 2 without: 2 colas sold, a bag of chips taken back, a cheque. 2 × 1.24 − 0.99 = 1.49.
  await goOffline(page);
  await page.getByRole('link', { name: /^Stop 2:/ }).click();
  await page.getByRole('button', { name: 'New invoice' }).click();
  await scan(page, cola.barcode);
  await scan(page, cola.barcode);
  await expect(page.getByLabel(`Quantity of ${cola.name}`)).toHaveValue('2');
  await scan(page, chips.barcode);
  const chipsLine = page.getByTestId('device-line').filter({ hasText: chips.name });
  await chipsLine.getByLabel('Return').click();
  await expect(chipsLine.getByLabel('Return')).toBeChecked();
  await expect(page.getByTestId('invoice-total')).toHaveText('$1.49');
  await page.getByRole('button', { name: 'Payment' }).click();
  await page.getByText('Cheque', { exact: true }).click();
  await page.getByLabel('Amount').fill('1.49');
  await page.getByLabel('Cheque No.').fill('5521');
  await page.getByRole('button', { name: 'Add payment' }).click();
  await page.getByRole('button', { name: 'Finish & print' }).click();
  await expect(page).toHaveURL(/\/driver\/print\//);
  await page.getByRole('link', { name: 'Next stop' }).click();

  // Signal again: the queue goes out; the sales leave the truck.
  await context.setOffline(false);
  await page.goto('/driver/queue');
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText('Nothing waits to be sent.')).toBeVisible({ timeout: 20_000 });
  expect(await progressOf(request, admin, name)).toMatchObject({ invoices: 2 });

  // The evening, in the office: settle the driver's day.
  const office = await newOffice(browser);
  const desk = await office.newPage();
  await signIn(desk);
  await desk.goto('/settlements');
  await desk.getByRole('button', { name: 'Settle a driver' }).click();
  const dialog = desk.getByRole('dialog', { name: "Settle a driver's day" });
  await dialog.getByRole('combobox', { name: 'Driver' }).fill(name);
  await desk.getByRole('option', { name }).click();
  await dialog.getByRole('button', { name: 'Open settlement' }).click();
  await expect(desk.getByRole('heading', { name: new RegExp(`Settlement · ${name}`) })).toBeVisible();

  // Expected: colas 48 − 5 = 43; chips 24 − 2 + 1 = 23. Money: $5.70 cash, cheque #5521 $1.49.
  const colaRow = desk.getByTestId('settlement-stock-line').filter({ hasText: cola.name });
  const chipsRow = desk.getByTestId('settlement-stock-line').filter({ hasText: chips.name });
  await expect(colaRow.getByRole('cell')).toHaveText([
    new RegExp(cola.name),
    '0',
    '48',
    '5',
    '0',
    '0',
    '43',
    '',
    '',
    '',
  ]);
  await expect(chipsRow.getByRole('cell')).toHaveText([
    new RegExp(chips.name),
    '0',
    '24',
    '2',
    '1',
    '0',
    '23',
    '',
    '',
    '',
  ]);
  const cash = desk.getByTestId('settlement-money-line').filter({ hasText: 'Cash' });
  const cheque = desk.getByTestId('settlement-money-line').filter({ hasText: 'Cheque #5521' });
  await expect(cash).toContainText('$5.70');
  await expect(cheque).toContainText('$1.49');

  // Counted: all colas, 22 chips (one short, $0.50 at cost); handed in $1.20 cash (short $4.50) and the cheque.
  await desk.getByRole('button', { name: 'Fill the rest with the expected quantities' }).click();
  await desk.getByLabel(`Counted ${chips.name}`).fill('22');
  await desk.getByLabel('Handed in Cash (all stores)').fill('1.20');
  await desk.getByLabel('Handed in Cheque #5521').fill('1.49');
  // Leaving with the entries unsaved asks first; Stay keeps them.
  await desk.getByRole('link', { name: 'Stock on Hand' }).click();
  const leave = desk.getByRole('dialog', { name: 'Counts not saved' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(desk.getByLabel('Handed in Cash (all stores)')).toHaveValue(/1\.20/);
  await desk.getByRole('button', { name: 'Save' }).click();
  await expect(desk.getByText('Everything entered is saved')).toBeVisible();
  await expect(desk.getByTestId('total-stock')).toHaveText('-$0.50 short');
  await expect(desk.getByTestId('total-money')).toHaveText('-$4.50 short');
  await expect(desk.getByTestId('total-over-short')).toHaveText('-$5.00 short');
  await desk.screenshot({ path: test.info().outputPath('settlement-open.png'), fullPage: true });

  await desk.getByLabel('Note').fill('Dan: $4.50 cash and a bag of chips short');
  await desk.getByRole('button', { name: 'Close settlement' }).click();
  await desk.getByRole('dialog').getByRole('button', { name: 'Close settlement' }).click();
  await expect(desk.getByText('Closed', { exact: true })).toBeVisible();
  await expect(desk.getByLabel(`Counted ${chips.name}`)).toHaveCount(0);

  // The API agrees: the settlement, and the truck unloaded into the warehouse at its count.
  const { settlements, totals } = await apiCall(request, admin, '/api/settlement/all/', {
    searchQuery: name,
    startDate: today,
    endDate: today,
  });
  expect(settlements).toEqual([expect.objectContaining({ status: 'closed', stock: -0.5, money: -4.5, overShort: -5 })]);
  expect(totals.overShort).toBe(-5);
  const stockOf = async (id: number) =>
    (await apiCall(request, admin, `/api/stock/product/${id}/`, undefined, 'get')).stock.locations;
  expect(await stockOf(cola.id)).toEqual([
    { locationID: 1, location: 'Warehouse', kind: 'warehouse', quantity: 52 + 43 },
  ]);
  expect(await stockOf(chips.id)).toEqual([
    { locationID: 1, location: 'Warehouse', kind: 'warehouse', quantity: 36 + 22 },
  ]);

  // The list of settlements shows it with its short.
  await desk.goto(`/settlements?q=${name}`);
  await expect(desk.locator('.report-screen').getByTestId('settlements-total-over-short')).toHaveText('-$5.00 short');
  await desk.screenshot({ path: test.info().outputPath('settlements.png'), fullPage: true });
  // A click on its row opens it, as on every list.
  await desk.locator('.report-screen tbody tr').first().click();
  await expect(desk).toHaveURL(/\/settlements\/\d+$/);
  await expect(desk.getByRole('heading', { level: 1 })).toContainText('Settlement ·');
  await office.close();
});
