import { expect, test } from '@playwright/test';
import { openFromMenu } from './menu';
import { apiCall, apiToken, createProduct, createUser, signIn, uniqueName } from './support';

test('an admin marks a driver and gives him a route: stops added by search, reordered, removed', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const token = await apiToken(request);
  const driverName = uniqueName('driver');
  const driver = await createUser(request, driverName, 'driver-password');
  const tag = uniqueName('Stop');
  const stores = ['Express Mart', 'Corner Market', 'Quick Stop'].map((s) => `${s} ${tag}`);
  for (const company of stores) await apiCall(request, token, '/api/customer/new/', { company });

  await signIn(page);
  await page.goto(`/users/edit/${driver.id}`);
  await page.getByLabel('Driver').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: new RegExp(driverName) })).toContainText('Driver');

  await openFromMenu(page, 'Routes', 'New Route');
  await expect(page).toHaveTitle('New Route | Wholesale Desk');
  await page.getByRole('textbox', { name: /^Route/ }).fill(`North loop ${tag}`);
  await page.getByRole('combobox', { name: 'Driver' }).click();
  await page.getByRole('option', { name: driverName }).click();
  await page.getByLabel('Truck').fill('Truck 12');

  // The editor opens on today's weekday; the stops go to Monday.
  await page.getByText('Mon', { exact: true }).click();
  const add = page.getByRole('combobox', { name: 'Add a stop' });
  for (const company of stores) {
    await add.fill(company);
    await page.getByRole('option', { name: company }).click();
    await expect(add).toHaveValue('');
  }
  const stops = page.getByRole('list', { name: 'Monday stops' }).getByRole('listitem');
  await expect(stops).toHaveText([`1${stores[0]}`, `2${stores[1]}`, `3${stores[2]}`].map((s) => new RegExp(s)));
  await page.getByRole('button', { name: `Move ${stores[2]} up` }).click();
  await page.getByRole('button', { name: `Remove ${stores[0]}` }).click();
  await expect(stops).toHaveText([new RegExp(`1${stores[2]}`), new RegExp(`2${stores[1]}`)]);
  await expect(page.getByText('Mon 2', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/routes$/);
  const row = page.getByRole('row', { name: new RegExp(`North loop ${tag}`) });
  await expect(row).toContainText(driverName);
  await expect(row).toContainText('Truck 12');
  await expect(row.getByRole('cell').nth(3)).toHaveText('2');

  await row.getByRole('link', { name: 'View' }).click();
  await page.getByText('Mon 2', { exact: true }).click();
  await expect(page.getByRole('list', { name: 'Monday stops' }).getByRole('listitem')).toHaveText([
    new RegExp(stores[2]),
    new RegExp(stores[1]),
  ]);
  await expect(page.getByRole('button', { name: `Remove ${stores[1]}` })).toHaveCount(0);
});

test('saving an empty route names each missing field and creates nothing', async ({ page }) => {
  await signIn(page);
  await page.goto('/routes/new');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/routes\/new$/);
  await expect(page.getByText('Is required')).toHaveCount(2);
  await expect(page.getByText('Pick a driver')).toBeVisible();
});

test("the number blocks page shows a device's block and releases it after asking", async ({ page, request }) => {
  const name = uniqueName('blocks');
  await createUser(request, name, 'driver-password');
  const driverToken = await apiToken(request, name, 'driver-password');
  const { block } = await apiCall(request, driverToken, '/api/route/numbers/reserve/', {
    deviceID: `phone-${name.replace(/\W/g, '')}`,
    count: 5,
  });
  const first = block.numbers[0];

  await signIn(page);
  await page.goto('/routes/numbers');
  await page.getByLabel('Search').fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(`${first}–${first + 4}`);
  await expect(row).toContainText('Open');
  await row.getByRole('button', { name: 'Release' }).click();
  await expect(page.getByText('5 unused numbers')).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(row).toContainText('Released (unused void)');
});

test("Routes Today shows a route's stops done as the driver's device syncs", async ({ page, request }) => {
  const token = await apiToken(request);
  const name = uniqueName('today');
  const driver = await createUser(request, name, 'driver-password');
  await apiCall(request, token, '/api/user/update/', { id: driver.id, driver: true }, 'patch');
  const driverToken = await apiToken(request, name, 'driver-password');
  const stores = [];
  for (const company of ['Express', 'Corner']) {
    stores.push((await apiCall(request, token, '/api/customer/new/', { company: `${company} ${name}` })).customer);
  }
  const product = await createProduct(request, token, { name: `Cola ${name}`, sellingPrice: 1.25 });
  const day = new Date(new Date().toLocaleString('en-US', { timeZone: 'America/Chicago' }));
  const weekday = day.getDay() === 0 ? 7 : day.getDay();
  await apiCall(request, token, '/api/route/new/', {
    name: `Loop ${name}`,
    driverID: driver.id,
    truck: 'Van 3',
    stops: stores.map((s) => ({ weekday, customerID: s.id })),
  });
  const deviceID = `phone-${name.replace(/\W/g, '')}`;
  const download = await apiCall(request, driverToken, '/api/route/download/', { deviceID });
  await apiCall(request, driverToken, '/api/route/invoice/', {
    deviceID,
    number: download.block.numbers[0],
    customerID: stores[0].id,
    date: download.day.date,
    lines: [
      {
        productID: product.id,
        productName: product.name,
        barcode: product.barcode,
        quantity: 8,
        costPrice: 1,
        sellingPrice: 1.25,
        suggestedRetailPrice: 1.99,
      },
    ],
    totals: { total: 10, amountCredited: 0 },
    payments: [{ paymentType: 'cash', amount: 4 }],
  });

  await signIn(page);
  await openFromMenu(page, 'Routes', 'Routes Today');
  await expect(page).toHaveTitle('Routes Today | Wholesale Desk');
  const row = page.getByTestId('routes-today').getByRole('row', { name: new RegExp(`Loop ${name}`) });
  await expect(row).toContainText('1 done · 0 skipped · 1 to go');
  await expect(row).toContainText('$10.00');
  await expect(row).toContainText('$4.00');
});
