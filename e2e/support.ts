import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';

export const ADMIN = { username: 'admin', password: 'e2e-admin-password' };

let counter = 0;
/** A username no other test uses, so tests can share one server. */
/**
 * Today where the business is (the server's TZ, America/Chicago in these flows), moved by `days`:
 * YYYY-MM-DD, or MM-DD-YYYY as the screens show it with `shown`.
 */
export function businessDay(days = 0, shown = false): string {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });
  const at = new Date(`${today}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  const iso = at.toISOString().slice(0, 10);
  return shown ? `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}` : iso;
}

export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}`;
}

export async function apiToken(request: APIRequestContext, username = ADMIN.username, password = ADMIN.password) {
  const res = await request.post('/api/user/signIn/', { data: { email: username, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).token as string;
}

/** Creates a user through the API as the admin. */
export async function createUser(request: APIRequestContext, username: string, password: string, type = 'user') {
  const token = await apiToken(request);
  const res = await request.post('/api/user/signUp/', {
    headers: { Token: token },
    data: { username, email: `${username}@example.com`, password, type },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).user as { id: number; username: string };
}

/** Signs in through the sign-in screen and waits for the shell. */
export async function signIn(page: Page, username = ADMIN.username, password = ADMIN.password) {
  await page.goto('/signin');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByTestId('user-name')).toHaveText(username);
}

let upcCounter = 0;
/**
 * 11 digits that no other test product uses: the UPC-A body without its check digit. The flows
 * run two at a time, so the worker's number is part of it (two workers in the same millisecond
 * with the same counter made the same barcode).
 */
export function freshUpcBody(): string {
  upcCounter = (upcCounter + 1) % 100;
  const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 10;
  const stamp = `${Date.now() % 10_000_000}`.padStart(7, '0');
  return `0${stamp}${worker}${String(upcCounter).padStart(2, '0')}`;
}

/** Creates a product through the API. */
export async function createProduct(request: APIRequestContext, token: string, fields: Record<string, unknown>) {
  const res = await request.post('/api/product/insert/', {
    headers: { Token: token },
    data: {
      barcodeSymbology: 'upca',
      barcode: freshUpcBody(),
      costPrice: 1,
      sellingPrice: 1.5,
      suggestedRetailPrice: 1.99,
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).product as { id: number; name: string; barcode: string };
}

/** Calls the API as `token` (a POST unless `method` says otherwise), expects a 200 and answers the JSON. */
export async function apiCall(request: APIRequestContext, token: string, path: string, data: unknown, method = 'post') {
  const res = await request.fetch(path, { method, headers: { Token: token }, data });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** Clicks Export CSV, expects the download named `<fileName>-YYYY-MM-DD.csv` and answers its rows. */
export async function exportCsv(page: Page, fileName: string): Promise<string[][]> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const name = fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  expect(file.suggestedFilename()).toMatch(new RegExp(`^${name}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  return parse(await readFile((await file.path()) as string, 'utf8'), { bom: true });
}

/** Types `text` in the list's Search and waits for it in the address. */
export async function searchList(page: Page, text: string) {
  await page.getByLabel('Search').fill(text);
  await expect(page).toHaveURL(/[?&]q=/);
}

/** Sorts the list by `column` (one click: ascending, two: descending) and waits for the header to say so. */
export async function sortList(page: Page, column: string, order: 'ascending' | 'descending') {
  for (let i = order === 'ascending' ? 1 : 2; i > 0; i--) {
    await page.getByRole('button', { name: `Sort by ${column}` }).click();
  }
  await expect(page.getByRole('columnheader', { name: new RegExp(column) })).toHaveAttribute('aria-sort', order);
}

/** Opens the select named `combobox` and picks `option` (both by their exact names). */
export async function chooseOption(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
