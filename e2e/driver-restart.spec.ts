import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './driver-chromium';
import { createDriver, createStore, createTodaysRoute, holdShell, scan, signInDriver } from './driver-support';
import { apiToken, createProduct } from './support';

test('after the browser is closed and started again with no signal, the day and a made invoice are still there', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const baseURL = test.info().project.use.baseURL as string;
  const admin = await apiToken(request);
  const { name, id } = await createDriver(request, admin, 'restart');
  const store = await createStore(request, admin, `Restart Mart ${name}`);
  const product = await createProduct(request, admin, { name: `Water ${name}`, sellingPrice: 0.75 });
  await createTodaysRoute(request, admin, {
    name: `Restart ${name}`,
    driverID: id,
    truck: 'Van 9',
    customerIDs: [store.id],
  });

  // The phone's browser keeps its profile (storage, service worker) between starts.
  const profile = mkdtempSync(join(tmpdir(), 'wd-phone-'));
  const start = (offline: boolean) =>
    chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
      baseURL,
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'allow',
      offline,
    });
  try {
    const morning = await start(false);
    const page = morning.pages()[0] ?? (await morning.newPage());
    await signInDriver(page, name);
    await page.getByRole('button', { name: 'Download the day' }).click();
    await expect(page.getByRole('link', { name: /^Stop 1: .*Restart Mart/ })).toBeVisible();
    await holdShell(page);
    await page.getByRole('link', { name: /^Stop 1:/ }).click();
    await page.getByRole('button', { name: 'New invoice' }).click();
    for (let i = 0; i < 4; i++) await scan(page, product.barcode);
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
