import { expect, test } from '@playwright/test';
import { barcodeVideo } from './barcode-video';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './driver-chromium';
import { createDriver, createStore, createTodaysRoute, signInDriver } from './driver-support';
import { apiToken, createProduct } from './support';

// A real, valid UPC-A no other flow uses: the fake camera films its bars.
const UPC = '036000291452';

test.use({
  viewport: { width: 390, height: 844 },
  serviceWorkers: 'allow',
  permissions: ['camera'],
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${barcodeVideo(UPC)}`,
    ],
  },
});

test("the phone's camera reads a barcode onto the invoice (ZXing where the browser has no BarcodeDetector)", async ({
  page,
  request,
}) => {
  const admin = await apiToken(request);
  const { name, id } = await createDriver(request, admin, 'camera');
  const store = await createStore(request, admin, `Camera Mart ${name}`);
  const product = await createProduct(request, admin, {
    name: `Filmed soda ${name}`,
    barcode: UPC.slice(0, 11),
    sellingPrice: 2.5,
  });
  expect(product.barcode).toBe(UPC);
  await createTodaysRoute(request, admin, {
    name: `Camera ${name}`,
    driverID: id,
    truck: 'Van 1',
    customerIDs: [store.id],
  });

  await signInDriver(page, name);
  await page.getByRole('button', { name: 'Download the day' }).click();
  await page.getByRole('link', { name: /^Stop 1:/ }).click();
  await page.getByRole('button', { name: 'New invoice' }).click();

  await page.getByRole('button', { name: 'Scan with the camera' }).click();
  await expect(page.getByText(`Read ${UPC}`)).toBeVisible({ timeout: 20_000 });
  // The can stays in front of the camera for 3 s: it is still one can.
  await page.waitForTimeout(3000);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('device-line')).toHaveCount(1);
  await expect(page.getByTestId('device-line')).toContainText(product.name);
  await expect(page.getByLabel(`Quantity of ${product.name}`)).toHaveValue('1');
  await expect(page.getByTestId('invoice-total')).toHaveText('$2.50');
});
