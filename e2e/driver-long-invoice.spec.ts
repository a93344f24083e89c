import { expect, test } from '@playwright/test';
import { goOffline, openDay, PHONE, type Product, setUpRoute } from './driver-support';
import { createProduct } from './support';

test.use(PHONE);

/*
 * A long invoice on the phone: 200 lines scanned one by one, offline, with the time from a scan
 * to its line on the page measured and printed (docs/route-mode.md quotes the figures).
 */

test('a 200-line invoice scanned offline: every line and the total are right (scan-to-row measured)', async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const { admin, name, tag } = await setUpRoute(request);
  // 200 products with their own barcodes (UPC-A bodies starting with 7, no other test's), priced
  // $1.00 + i cents: the total is 200 × $1.00 + (0 + … + 199) cents = $399.00.
  const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
  const products: Product[] = [];
  for (let start = 0; start < 200; start += 20) {
    products.push(
      ...(await Promise.all(
        Array.from({ length: 20 }, (_, k) => {
          const i = start + k;
          return createProduct(request, admin, {
            name: `Line ${tag} ${String(i).padStart(3, '0')}`,
            barcode: `7${stamp}${String(i).padStart(4, '0')}`,
            costPrice: 0.5,
            sellingPrice: (100 + i) / 100,
            suggestedRetailPrice: 3.99,
          });
        }),
      )),
    );
  }
  expect(new Set(products.map((p) => p.barcode)).size).toBe(200);

  await openDay(page, name);
  await goOffline(page);
  await page.getByRole('link', { name: /^Stop 1:/ }).click();
  await page.getByRole('button', { name: 'New invoice' }).click();
  await expect(page.getByText('No lines yet: scan the first product.')).toBeVisible();

  // In the page: when Enter goes down, and when the expected line card is in the DOM (and a frame later).
  await page.evaluate(() => {
    const w = window as unknown as { __scan: { want: number; t0: number; seen: number; frame: number } };
    w.__scan = { want: 0, t0: 0, seen: 0, frame: 0 };
    document.addEventListener(
      'keydown',
      (e) => {
        if (e.key === 'Enter') w.__scan.t0 = performance.now();
      },
      true,
    );
    new MutationObserver(() => {
      const s = w.__scan;
      if (!s.want || s.seen) return;
      if (document.querySelectorAll('[data-testid="device-line"]').length >= s.want) {
        s.seen = performance.now();
        requestAnimationFrame(() =>
          setTimeout(() => {
            s.frame = performance.now();
          }, 0),
        );
      }
    }).observe(document.body, { childList: true, subtree: true });
  });

  const lines = page.getByTestId('device-line');
  const box = page.getByLabel('Scan or type a barcode or name');
  const timings: { line: number; toDom: number; toFrame: number }[] = [];
  for (const [i, product] of products.entries()) {
    const measured = i < 20 || i >= 180;
    if (measured) {
      await page.evaluate((want) => {
        const w = window as unknown as { __scan: { want: number; t0: number; seen: number; frame: number } };
        Object.assign(w.__scan, { want, t0: 0, seen: 0, frame: 0 });
      }, i + 1);
    }
    await box.fill(product.barcode);
    await box.press('Enter');
    if (measured) {
      await page.waitForFunction(
        () => (window as unknown as { __scan: { frame: number } }).__scan.frame > 0,
        undefined,
        // Polled by a timer, not on every frame: a check per frame would slow the frames measured.
        { timeout: 10_000, polling: 100 },
      );
      const s = await page.evaluate(
        () => (window as unknown as { __scan: { t0: number; seen: number; frame: number } }).__scan,
      );
      timings.push({ line: i + 1, toDom: s.seen - s.t0, toFrame: s.frame - s.t0 });
    } else {
      await expect(lines).toHaveCount(i + 1);
    }
  }

  await expect(lines).toHaveCount(200);
  await expect(page.getByTestId('invoice-total')).toHaveText('$399.00');
  await expect(page.getByText('Sold $399.00 · returns $0.00')).toBeVisible();
  // Each product once, in scan order, at its own price.
  await expect(lines.first()).toContainText(`${products[0].name}$1.00 each`);
  await expect(lines.nth(199)).toContainText(`${products[199].name}$2.99 each`);
  const names = await lines
    .locator('p')
    .filter({ hasText: `Line ${tag} ` })
    .allTextContents();
  expect(names).toEqual(products.map((p) => p.name));

  const stats = (values: number[]) => {
    const sorted = [...values].sort((x, y) => x - y);
    const at = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
    return { p50: at(0.5).toFixed(1), p95: at(0.95).toFixed(1), max: sorted[sorted.length - 1].toFixed(1) };
  };
  const firstTwenty = timings.filter((t) => t.line <= 20);
  const lastTwenty = timings.filter((t) => t.line > 180);
  expect(lastTwenty).toHaveLength(20);
  console.log(
    [
      'scan-to-row (ms, Enter down → line card in the DOM / a frame later), offline, 390×844:',
      `  lines 1-20:    DOM p50 ${stats(firstTwenty.map((t) => t.toDom)).p50} p95 ${stats(firstTwenty.map((t) => t.toDom)).p95} max ${stats(firstTwenty.map((t) => t.toDom)).max} · frame p50 ${stats(firstTwenty.map((t) => t.toFrame)).p50} p95 ${stats(firstTwenty.map((t) => t.toFrame)).p95} max ${stats(firstTwenty.map((t) => t.toFrame)).max}`,
      `  lines 181-200: DOM p50 ${stats(lastTwenty.map((t) => t.toDom)).p50} p95 ${stats(lastTwenty.map((t) => t.toDom)).p95} max ${stats(lastTwenty.map((t) => t.toDom)).max} · frame p50 ${stats(lastTwenty.map((t) => t.toFrame)).p50} p95 ${stats(lastTwenty.map((t) => t.toFrame)).p95} max ${stats(lastTwenty.map((t) => t.toFrame)).max}`,
    ].join('\n'),
  );
});
