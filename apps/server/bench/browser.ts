// The browser's scan-to-row time: a scan typed into the edit invoice screen
// until its row shows, on an invoice of 5 lines and one of 500. Needs a built
// web app (WEB_DIST, default apps/web/dist) and Chromium (CHROMIUM_PATH,
// default /usr/bin/chromium); skipped when either is missing.
import { existsSync } from 'node:fs';
import { inArray } from 'drizzle-orm';
import { chromium, type Page } from 'playwright-core';
import type { Db } from '../src/db/client.js';
import { invoices, products } from '../src/db/schema/index.js';

const SCANS = 3;

export const browserPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The switches every bench browser starts with: no sandbox or GPU, nothing fetched in the background. */
export const browserArgs: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Median ms from Enter to the new row, for each invoice size. */
export async function scanToRow(opts: { address: string; token: string; db: Db; password: string; user?: string }) {
  const { address, token, db } = opts;
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${address}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', Token: token },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { invoice?: { id: number } };
  };
  const sample = await db.select({ id: products.id, barcode: products.barcode }).from(products).limit(20);
  const created: number[] = [];
  const browser = await chromium.launch({
    executablePath: browserPath,
    args: [...browserArgs],
  });
  try {
    // The app's CSP allows no eval; Playwright's polling waits evaluate their predicates, so the bench page bypasses it.
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
    await page.goto(`${address}/signin`);
    await page.getByLabel('Username').fill(opts.user ?? 'admin');
    await page.getByLabel('Password', { exact: true }).fill(opts.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('user-name').waitFor();
    const times: Record<number, number> = {};
    for (const size of [5, 500]) {
      const id = (await api('POST', '/invoice/new/invoice/')).invoice!.id;
      created.push(id);
      // The middle of the three scans lands at line `size`.
      for (let i = 0; i < size - 2; i += 1)
        await api('POST', '/invoice/insert/', { invoiceID: id, productID: sample[i % sample.length].id });
      await page.goto(`${address}/invoices/edit/${id}`);
      times[size] = await timeScans(page, size - 2, sample[0].barcode);
    }
    return times;
  } finally {
    await browser.close();
    // A reused scale database keeps its size.
    if (created.length) await db.delete(invoices).where(inArray(invoices.id, created));
  }
}

/**
 * In the page: the lines table holds `n` lines and shows its rows. A long
 * invoice renders only the rows near the screen, so the count is the table's
 * own (set in the same render as its rows) and the rows are those in the page.
 * A build before that attribute (a baseline) counts its rows.
 */
export const rowCountIs = (n: number) =>
  `(() => {
    const count = document.querySelector('[data-testid="invoice-lines"]')?.getAttribute('data-line-count');
    const rows = document.querySelectorAll('[data-testid="invoice-line"]').length;
    return count == null ? rows === ${n} : count === '${n}' && rows >= Math.min(${n}, 10);
  })()`;

/**
 * Median ms from the scan's Enter to the first frame that shows its row,
 * timed in the page (from the keydown event, as a scanner's Enter arrives),
 * so the driver's round trips to the browser are not counted.
 */
async function timeScans(page: Page, lines: number, barcode: string) {
  await page.waitForFunction(rowCountIs(lines));
  await page.getByTestId('scan-box').click();
  await page.evaluate(
    "document.addEventListener('keydown', (e) => { if (e.key === 'Enter') window.benchEnterAt = performance.now(); }, true)",
  );
  const took: number[] = [];
  for (let i = 1; i <= SCANS; i += 1) {
    await page.keyboard.insertText(barcode);
    await page.keyboard.press('Enter');
    const shown = await page.waitForFunction(
      `${rowCountIs(lines + i)} && performance.now() - window.benchEnterAt`,
      undefined,
      {
        polling: 'raf',
      },
    );
    took.push(Math.round(Number(await shown.jsonValue())));
  }
  if (!(await page.evaluate(rowCountIs(lines + SCANS)))) throw new Error('a scan did not land');
  return took.sort((a, b) => a - b)[Math.floor(SCANS / 2)];
}

/** Whether the browser bench can run: a built web app and Chromium. */
export const canRunBrowser = (webDist: string) => existsSync(`${webDist}/index.html`) && existsSync(browserPath);
