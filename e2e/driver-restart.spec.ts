import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { apiCall, apiToken, createProduct, createUser, uniqueName } from './support';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

test('after the browser is closed and started again with no signal, the day and a made invoice are still there', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const baseURL = test.info().project.use.baseURL as string;
  const admin = await apiToken(request);
  const name = uniqueName('restart');
  const driver = await createUser(request, name, 'driver-password');
  await apiCall(request, admin, '/api/user/update/', { id: driver.id, driver: true }, 'patch');
  const store = (await apiCall(request, admin, '/api/customer/new/', { company: `Restart Mart ${name}` })).customer;
  const product = await createProduct(request, admin, { name: `Water ${name}`, sellingPrice: 0.75 });
  const day = new Date(new Date().toLocaleString('en-US', { timeZone: 'America/Chicago' }));
  await apiCall(request, admin, '/api/route/new/', {
    name: `Restart ${name}`,
    driverID: driver.id,
    truck: 'Van 9',
    stops: [{ weekday: day.getDay() === 0 ? 7 : day.getDay(), customerID: store.id }],
  });

  // The phone's browser keeps its profile (storage, service worker) between starts.
  const profile = mkdtempSync(join(tmpdir(), 'wd-phone-'));
  const start = (offline: boolean) =>
    chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ARGS,
      baseURL,
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'allow',
      offline,
    });
  try {
    const morning = await start(false);
    const page = morning.pages()[0] ?? (await morning.newPage());
    await page.goto('/signin');
    await page.getByLabel('Username').fill(name);
    await page.getByLabel('Password', { exact: true }).fill('driver-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Download the day' }).click();
    await expect(page.getByRole('link', { name: /^Stop 1: .*Restart Mart/ })).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.getByRole('link', { name: /^Stop 1:/ }).click();
    await page.getByRole('button', { name: 'New invoice' }).click();
    const box = page.getByLabel('Scan or type a barcode or name');
    for (let i = 0; i < 4; i++) {
      await box.fill(product.barcode);
      await box.press('Enter');
    }
    await expect(page.getByTestId('invoice-total')).toHaveText('$3.00');
    await morning.close();

    // Started again, no signal: the shell, the stops and the draft come from the phone.
    const later = await start(true);
    const again = later.pages()[0] ?? (await later.newPage());
    await again.goto('/driver');
    await expect(again.getByText('Offline')).toBeVisible();
    await again.getByRole('link', { name: /^Stop 1:/ }).click();
    await again.getByRole('link', { name: /Draft/ }).click();
    await expect(again.getByLabel(`Quantity of ${product.name}`)).toHaveValue('4');
    await expect(again.getByTestId('invoice-total')).toHaveText('$3.00');
    await later.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});
