import { expect, test } from '@playwright/test';
import { barcodeVideo } from './barcode-video';
import { apiCall, apiToken, createProduct, createUser, uniqueName } from './support';

// A real, valid UPC-A no other flow uses: the fake camera films its bars.
const UPC = '036000291452';

test.use({
  viewport: { width: 390, height: 844 },
  serviceWorkers: 'allow',
  permissions: ['camera'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
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
  const name = uniqueName('camera');
  const driver = await createUser(request, name, 'driver-password');
  await apiCall(request, admin, '/api/user/update/', { id: driver.id, driver: true }, 'patch');
  const store = (await apiCall(request, admin, '/api/customer/new/', { company: `Camera Mart ${name}` })).customer;
  const product = await createProduct(request, admin, {
    name: `Filmed soda ${name}`,
    barcode: UPC.slice(0, 11),
    sellingPrice: 2.5,
  });
  expect(product.barcode).toBe(UPC);
  const day = new Date(new Date().toLocaleString('en-US', { timeZone: 'America/Chicago' }));
  await apiCall(request, admin, '/api/route/new/', {
    name: `Camera ${name}`,
    driverID: driver.id,
    truck: 'Van 1',
    stops: [{ weekday: day.getDay() === 0 ? 7 : day.getDay(), customerID: store.id }],
  });

  await page.goto('/signin');
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Password', { exact: true }).fill('driver-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
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
