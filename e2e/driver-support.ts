import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { apiCall, apiToken, createProduct, createUser, uniqueName } from './support';

/*
 * What the route-mode (driver) flows share: the driver, the stores and the route of today, the
 * phone signed in with the day downloaded, selling at a stop, and reading what the server and the
 * device's queue hold afterwards.
 */

/** A driver's phone: 390 × 844, the service worker allowed (the offline shell). */
export const PHONE = { viewport: { width: 390, height: 844 }, serviceWorkers: 'allow', hasTouch: true } as const;

/** Every driver the flows create signs in with this password. */
export const DRIVER_PASSWORD = 'driver-password';

export type Product = { id: number; name: string; barcode: string };
export type Store = { id: number; company: string };

/** Today's weekday where the office is (America/Chicago), 1 (Monday) to 7 (Sunday): the day's stops. */
export function chicagoWeekday(): number {
  const day = new Date(new Date().toLocaleString('en-US', { timeZone: 'America/Chicago' })).getDay();
  return day === 0 ? 7 : day;
}

/** A new user `prefix.…` made a driver, with DRIVER_PASSWORD. */
export async function createDriver(request: APIRequestContext, admin: string, prefix: string) {
  const name = uniqueName(prefix);
  const driver = await createUser(request, name, DRIVER_PASSWORD);
  await apiCall(request, admin, '/api/user/update/', { id: driver.id, driver: true }, 'patch');
  return { name, id: driver.id };
}

/** A new customer (a store on a route). */
export async function createStore(request: APIRequestContext, admin: string, company: string): Promise<Store> {
  return (await apiCall(request, admin, '/api/customer/new/', { company })).customer;
}

/** A route for the driver whose stops today are `customerIDs`, in that order. */
export async function createTodaysRoute(
  request: APIRequestContext,
  admin: string,
  route: { name: string; driverID: number; truck: string; customerIDs: number[] },
) {
  await apiCall(request, admin, '/api/route/new/', {
    name: route.name,
    driverID: route.driverID,
    truck: route.truck,
    stops: route.customerIDs.map((customerID) => ({ weekday: chicagoWeekday(), customerID })),
  });
}

/** A driver with today's route of three stores, and three products. */
export async function setUpRoute(request: APIRequestContext) {
  const admin = await apiToken(request);
  const driver = await createDriver(request, admin, 'driver');
  const name = driver.name;
  const tag = name.split('.')[1];
  const stores: Store[] = [];
  for (const company of [`Express Mart ${tag}`, `Corner Market ${tag}`, `Quick Stop ${tag}`]) {
    stores.push(await createStore(request, admin, company));
  }
  const cola: Product = await createProduct(request, admin, {
    name: `Cola ${tag}`,
    costPrice: 0.8,
    sellingPrice: 1.24,
    suggestedRetailPrice: 1.99,
  });
  const chips: Product = await createProduct(request, admin, {
    name: `Chips ${tag}`,
    costPrice: 0.5,
    sellingPrice: 0.99,
    suggestedRetailPrice: 1.49,
  });
  const gum: Product = await createProduct(request, admin, {
    name: `Gum ${tag}`,
    costPrice: 0.2,
    sellingPrice: 0.5,
    suggestedRetailPrice: 0.99,
  });
  await createTodaysRoute(request, admin, {
    name: `North ${tag}`,
    driverID: driver.id,
    truck: 'Truck 12',
    customerIDs: stores.map((s) => s.id),
  });
  return { admin, name, tag, stores, cola, chips, gum };
}

/** Fills in the sign-in screen as the driver and presses Sign In. */
export async function signInDriver(page: Page, name: string) {
  await page.goto('/signin');
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(DRIVER_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Waits for the service worker, reloads, and waits until it controls the page: the shell is cached. */
export async function holdShell(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/**
 * Signs the driver in (a driver lands on the route screens), downloads the day, sees `firstStop`
 * and waits for the service worker to hold the shell.
 */
export async function openDay(page: Page, name: string, firstStop = /^Stop 1: /) {
  await signInDriver(page, name);
  await expect(page).toHaveURL(/\/driver$/);
  await page.getByRole('button', { name: 'Download the day' }).click();
  await expect(page.getByRole('link', { name: firstStop })).toBeVisible();
  await expect(page.getByTestId('data-age')).toContainText('Data from');
  await holdShell(page);
}

/** Cuts the phone's connection and waits for the app to say so. */
export async function goOffline(page: Page) {
  await page.context().setOffline(true);
  await expect(page.getByText('Offline')).toBeVisible();
}

/** Types `code` in the scan box and presses Enter, as the scanner does. */
export async function scan(page: Page, code: string) {
  const box = page.getByLabel('Scan or type a barcode or name');
  await box.fill(code);
  await box.press('Enter');
}

export type Pay = { type: 'Cash' | 'Cheque' | 'Money order' | 'Credit'; amount?: number; chequeNo?: string };

/**
 * At stop `stop`: a new invoice, each product scanned `quantity` times (each scan seen before the
 * next), the payments, then Finish & print. Answers the number printed and the total shown.
 */
export async function sell(page: Page, stop: number, items: [Product, number][], pays: Pay[], expectedTotal: string) {
  await page.getByRole('link', { name: new RegExp(`^Stop ${stop}:`) }).click();
  await page.getByRole('button', { name: 'New invoice' }).click();
  for (const [product, quantity] of items) {
    for (let q = 1; q <= quantity; q++) {
      await scan(page, product.barcode);
      await expect(page.getByLabel(`Quantity of ${product.name}`)).toHaveValue(String(q));
    }
  }
  await expect(page.getByTestId('device-line')).toHaveCount(items.length);
  await expect(page.getByTestId('invoice-total')).toHaveText(expectedTotal);
  for (const pay of pays) {
    await page.getByRole('button', { name: 'Payment', exact: true }).click();
    const dialog = page.getByRole('dialog');
    if (pay.type !== 'Cash') await dialog.getByText(pay.type, { exact: true }).click();
    if (pay.amount !== undefined) await dialog.getByLabel('Amount').fill(String(pay.amount));
    if (pay.chequeNo) await dialog.getByLabel('Cheque No.').fill(pay.chequeNo);
    await dialog.getByRole('button', { name: 'Add payment' }).click();
    await expect(dialog).toBeHidden();
  }
  const total = (await page.getByTestId('invoice-total').textContent())!;
  await page.getByRole('button', { name: 'Finish & print' }).click();
  await expect(page).toHaveURL(/\/driver\/print\//);
  const number = Number(await page.getByTestId('document-number').textContent());
  expect(Number.isInteger(number) && number > 0).toBe(true);
  await page.getByRole('link', { name: 'Next stop' }).click();
  await expect(page.getByRole('link', { name: new RegExp(`^Stop ${stop}: .*Done`) })).toBeVisible();
  return { number, total };
}

/** A second phone: its own context (own storage, own device id). */
export async function newPhone(browser: Browser) {
  const context = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL });
  return { context, page: await context.newPage() };
}

/** The office's desk beside the phones: its own context, 1280 × 800, no service worker. */
export function newOffice(browser: Browser) {
  return browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
  });
}

/** "$1,234.50" → 1234.5 */
export const dollars = (text: string) => Number(text.replace(/[$,]/g, ''));

/** The one invoice numbered `Invoice/{number}` (the search matches substrings: the others are filtered out). */
export async function invoiceByNumber(request: APIRequestContext, admin: string, number: number) {
  const { invoices } = await apiCall(request, admin, '/api/invoice/all/', {
    searchQuery: `Invoice/${number}`,
    resultsPerPage: 100,
  });
  const exact = invoices.filter((i: { invoiceNo: string }) => i.invoiceNo === `Invoice/${number}`);
  expect(exact, `invoices numbered Invoice/${number}`).toHaveLength(1);
  return exact[0] as {
    id: number;
    invoiceNo: string;
    customer: string;
    status: string;
    total: number;
    amountCredited: number;
    paid: number;
    balance: number;
  };
}

export async function paymentsOf(request: APIRequestContext, admin: string, invoiceId: number) {
  return (await apiCall(request, admin, `/api/payment/invoice/${invoiceId}/`, {})).paymentHistory as {
    paymentType: string;
    amountPaid: number;
    chequeNo: string;
  }[];
}

/** Payments as [type, amount] sorted, to compare without the history's order. */
export const payKinds = (ps: { paymentType: string; amountPaid: number }[]) =>
  ps.map((p) => [p.paymentType, p.amountPaid] as [string, number]).sort();

/** The driver's number blocks (the search matches substrings of the user: only theirs are kept). */
export async function blocksOf(request: APIRequestContext, admin: string, name: string) {
  const { blocks } = await apiCall(request, admin, '/api/route/numbers/all/', {
    searchQuery: name,
    resultsPerPage: 100,
  });
  return (blocks as { user: string; deviceID: string; numbers: number[]; used: number[] }[]).filter(
    (b) => b.user === name,
  );
}

/** The driver's day as the office sees it (/api/route/progress/). */
export async function progressOf(request: APIRequestContext, admin: string, name: string) {
  const { routes } = await apiCall(request, admin, '/api/route/progress/', {});
  return routes.find((r: { driver: string }) => r.driver === name);
}

/** An item of the device's queue, as stored. */
export interface StoredItem {
  seq: number;
  key: string;
  state: string;
  label: string;
  answer: { invoice: { id: number; total: number; balance: number }; replayed: boolean } | null;
}

/** The device's queue as stored (IndexedDB, without Dexie). */
export function readQueue(page: Page): Promise<StoredItem[]> {
  return page.evaluate(
    () =>
      new Promise<StoredItem[]>((resolve, reject) => {
        const open = indexedDB.open('wholesale-desk-driver');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('queue', 'readonly').objectStore('queue').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result as StoredItem[]);
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** Sets every queue item back to 'waiting' in IndexedDB (and, with `newKeys`, gives each a new Idempotency-Key). */
export function resetQueue(page: Page, newKeys: boolean): Promise<number> {
  return page.evaluate(
    (fresh) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('wholesale-desk-driver');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('queue', 'readwrite');
          let changed = 0;
          tx.objectStore('queue').openCursor().onsuccess = (event) => {
            const cursor = (event.target as IDBRequest<IDBCursorWithValue | null>).result;
            if (!cursor) return;
            const item = { ...cursor.value, state: 'waiting' };
            if (fresh) item.key = crypto.randomUUID();
            cursor.update(item);
            changed += 1;
            cursor.continue();
          };
          tx.oncomplete = () => {
            db.close();
            resolve(changed);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    newKeys,
  );
}
