// The browser's invoice open time: from navigation to the edit screen of a
// 500-line invoice until its lines show (median of 3): the table holds all 500
// and the rows near the screen are in the page. Measured from a blank tab and
// from the app's invoice list. Runs where
// bench/browser.ts runs (a built web app and Chromium).

import { eq } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import type { Db } from '../src/db/client.js';
import { invoices, products } from '../src/db/schema/index.js';
import { browserArgs, browserPath, rowCountIs } from './browser.js';

const LINES = 500;
const OPENS = 3;

export async function invoiceOpenTime(opts: {
  address: string;
  token: string;
  db: Db;
  user: string;
  password: string;
}) {
  const { address, token, db } = opts;
  const api = async (path: string, body?: unknown) => {
    const res = await fetch(`${address}/api${path}`, {
      method: 'POST',
      headers: body === undefined ? { token } : { 'content-type': 'application/json', token },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { invoice?: { id: number } };
  };
  const sample = await db.select({ id: products.id }).from(products).limit(25);
  const id = (await api('/invoice/new/invoice/')).invoice!.id;
  const browser = await chromium.launch({
    executablePath: browserPath,
    args: [...browserArgs],
  });
  try {
    for (let i = 0; i < LINES; i += 1)
      await api('/invoice/insert/', { invoiceID: id, productID: sample[i % sample.length].id });
    // The app's CSP allows no eval; Playwright's polling waits evaluate their predicates, so the bench page bypasses it.
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
    await page.goto(`${address}/signin`);
    await page.getByLabel('Username').fill(opts.user);
    await page.getByLabel('Password', { exact: true }).fill(opts.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('user-name').waitFor();
    // Leaving a NEW draft's page marks it discarded in this tab (useDiscardUntouchedDraft), even when
    // the server kept it for its lines; reopening would then go to New Invoice. Each open starts clean.
    await page.addInitScript("sessionStorage.removeItem('wd.discardedDraft')");
    const open = async (from: string) => {
      const took: number[] = [];
      for (let i = 0; i <= OPENS; i += 1) {
        await page.goto(from);
        const start = Date.now();
        await page.goto(`${address}/invoices/edit/${id}`);
        await page.waitForFunction(rowCountIs(LINES), undefined, { polling: 'raf', timeout: 30_000 });
        // The first open warms the browser's cache of the app's scripts.
        if (i > 0) took.push(Date.now() - start);
      }
      return took.sort((a, b) => a - b)[Math.floor(OPENS / 2)];
    };
    // From a blank tab the browser also starts the site's renderer process (on a 2-core host shared
    // with the server, ~200–400 ms before the HTML is even read); from another of the app's pages
    // (the invoice list, the address typed or a link followed) it keeps the one it has.
    return { fromBlank: await open('about:blank'), fromApp: await open(`${address}/invoices`) };
  } finally {
    await browser.close();
    await db.delete(invoices).where(eq(invoices.id, id));
  }
}
