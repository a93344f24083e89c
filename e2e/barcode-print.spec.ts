import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { type BarcodeSymbology, barcodeBarModules, gs1CheckDigit, printedBarcodeSize } from '@wd/contracts';
import sharp from 'sharp';
import { invoiceFixture, printed, stubPrint } from './invoice-documents.fixtures';
import { apiToken, createProduct, createUser, freshUpcBody, signIn, uniqueName } from './support';

/**
 * Printed barcodes read by a decoder we did not write (zbarimg, Debian's zbar-tools), at the
 * printer's own resolution: the page is rasterised with one device pixel per printer dot
 * (deviceScaleFactor = dpi / 96), and printed to PDF and rasterised again by pdftoppm at the
 * dpi. Every label and every strip line must decode to its code, and every bar and space on the
 * raster must be a whole number of dots a module (docs/business-rules.md, "Barcode labels and
 * printed barcodes").
 */

type Code = { barcode: string; symbology: BarcodeSymbology };

/** What zbarimg prints for a code (it reads a UPC-A as its EAN-13 form). */
function zbarText({ barcode, symbology }: Code): string {
  if (symbology === 'upca') return `EAN-13:0${barcode}`;
  if (symbology === 'ean13') return `EAN-13:${barcode}`;
  if (symbology === 'ean8') return `EAN-8:${barcode}`;
  return `CODE-128:${barcode}`;
}

function zbar(file: string): string[] {
  try {
    return execFileSync('zbarimg', ['-q', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .trim()
      .split('\n')
      .filter(Boolean);
  } catch {
    return [];
  }
}

/** One product of each kind, codes no other flow uses. */
async function productsOfEverySymbology(request: Parameters<typeof createProduct>[0], token: string, tag: string) {
  const stamp = `${Date.now()}`.slice(-9);
  const worker = String(Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 10);
  const ean13 = `4${stamp}${worker}9`;
  const ean8 = `5${stamp.slice(-5)}${worker}`;
  const specs: { name: string; symbology: BarcodeSymbology; barcode: string }[] = [
    { name: `${tag} UPC`, symbology: 'upca', barcode: freshUpcBody() },
    { name: `${tag} EAN-13`, symbology: 'ean13', barcode: ean13 + gs1CheckDigit(ean13) },
    { name: `${tag} EAN-8`, symbology: 'ean8', barcode: ean8 + gs1CheckDigit(ean8) },
    // Six letters and digits in set B: the longest Code 128 text that fits a label at both resolutions.
    {
      name: `${tag} Code 128`,
      symbology: 'code128',
      barcode: `L${Number(stamp).toString(36).toUpperCase()}`.slice(0, 6),
    },
    // Ten digits: set C, two digits a symbol.
    { name: `${tag} Code 128 digits`, symbology: 'code128', barcode: `7${stamp}` },
    // Too long for a label at the smallest module; fits across a thermal strip.
    { name: `${tag} Code 128 long`, symbology: 'code128', barcode: `CERT-${worker} ${stamp}` },
  ];
  const made = [];
  for (const s of specs) {
    const p = await createProduct(request, token, {
      name: s.name,
      barcodeSymbology: s.symbology,
      barcode: s.barcode,
      suggestedRetailPrice: 12.99,
    });
    made.push({ ...p, symbology: s.symbology });
  }
  return made;
}

/**
 * The page as the printer's raster: one screenshot of the viewport (one device pixel a printer
 * dot, no clipping or scaling by the capture), from which `crop` cuts an element's box.
 */
async function raster(page: Page, name: string) {
  const png = await page.screenshot({ path: test.info().outputPath(name), scale: 'device', animations: 'disabled' });
  const scale = await page.evaluate(() => window.devicePixelRatio);
  return {
    /** The device pixels of `locator`'s box, written as `file`; answers the file and the box's origin in CSS px. */
    async crop(locator: Locator, file: string) {
      const box = await locator.boundingBox();
      if (!box) throw new Error(`no box for ${file}`);
      const left = Math.floor(box.x * scale);
      const top = Math.floor(box.y * scale);
      const width = Math.ceil((box.x + box.width) * scale) - left;
      const height = Math.ceil((box.y + box.height) * scale) - top;
      const path = test.info().outputPath(file);
      await sharp(png).extract({ left, top, width, height }).toFile(path);
      return { path, origin: { x: left / scale, y: top / scale } };
    },
  };
}

/**
 * The bar and space widths, in dots, along a row through the bars of `img` (in the screenshot
 * of `within`): every one a whole multiple of `dots`, and as many modules as the code has.
 */
async function checkWholeDots(
  file: string,
  outer: { x: number; y: number },
  within: Locator,
  code: Code,
  dots: number,
  dpi: number,
) {
  const scale = dpi / 96;
  const bars = await within.getByTestId('printed-barcode').boundingBox();
  if (!bars) throw new Error('no box');
  const { data, info } = await sharp(file).greyscale().raw().toBuffer({ resolveWithObject: true });
  const x0 = Math.max(0, Math.floor((bars.x - outer.x) * scale));
  const x1 = Math.min(info.width, Math.ceil((bars.x - outer.x + bars.width) * scale));
  // Two rows below the first row of the box with ink: through the bars (cut from the top; the digits are below).
  let y = Math.max(0, Math.floor((bars.y - outer.y) * scale));
  const inked = (row: number) => {
    for (let x = x0; x < x1; x++) if (data[row * info.width + x] < 128) return true;
    return false;
  };
  while (y < info.height - 3 && !inked(y)) y++;
  y += 2;
  const dark = (x: number) => data[y * info.width + x] < 128;
  let first = x0;
  while (first < x1 && !dark(first)) first++;
  let last = x1 - 1;
  while (last > first && !dark(last)) last--;
  const runs: number[] = [];
  let run = 1;
  for (let x = first + 1; x <= last; x++) {
    if (dark(x) === dark(x - 1)) run++;
    else {
      runs.push(run);
      run = 1;
    }
  }
  runs.push(run);
  const off = runs.filter((r) => r % dots !== 0);
  expect(off, `${code.barcode} at ${dpi} dpi: bar and space widths ${runs.join(' ')} (dots a module: ${dots})`).toEqual(
    [],
  );
  expect(runs.reduce((a, b) => a + b, 0)).toBe(barcodeBarModules(code.barcode, code.symbology) * dots);
  return runs;
}

/**
 * Prints the page to PDF and rasterises it at `dpi` with pdftoppm (as a printer's driver would);
 * `crop` cuts an element's box out of the page it is on, `page` is where `paper` (the sheet or
 * strip that is one page of paper) starts.
 */
async function printedRaster(page: Page, dpi: number, name: string) {
  const dir = test.info().outputPath(`${name}-pdf`);
  mkdirSync(dir, { recursive: true });
  const pdf = join(dir, `${name}.pdf`);
  writeFileSync(pdf, await page.pdf({ preferCSSPageSize: true }));
  execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-png', pdf, join(dir, 'page')]);
  const pages = readdirSync(dir)
    .filter((f) => f.endsWith('.png'))
    .sort()
    .map((f) => join(dir, f));
  const scale = dpi / 96;
  return {
    pages,
    async crop(paper: Locator, pageIndex: number, locator: Locator, file: string) {
      const [origin, box] = await Promise.all([paper.boundingBox(), locator.boundingBox()]);
      if (!origin || !box) throw new Error(`no box for ${file}`);
      const left = Math.floor((box.x - origin.x) * scale);
      const top = Math.floor((box.y - origin.y) * scale);
      const width = Math.ceil((box.x - origin.x + box.width) * scale) - left;
      const height = Math.ceil((box.y - origin.y + box.height) * scale) - top;
      const path = join(dir, file);
      await sharp(pages[pageIndex]).extract({ left, top, width, height }).toFile(path);
      return path;
    },
  };
}

for (const dpi of [203, 300] as const) {
  test.describe(`at ${dpi} dpi`, () => {
    test.use({ deviceScaleFactor: dpi / 96, viewport: { width: 1000, height: 1200 } });

    test(`label sheet: every barcode decodes, in whole dots of a ${dpi} dpi printer; a long Code 128 prints as text`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const username = uniqueName('dots');
      await createUser(request, username, 'dots-password');
      const token = await apiToken(request, username, 'dots-password');
      const items = await productsOfEverySymbology(request, token, uniqueName('Label'));
      // Three of each (one of the long one): each symbology in several columns of the sheet.
      for (const p of items) {
        const added = await request.post('/api/barcode/insert/', {
          headers: { Token: token },
          data: { productID: p.id, quantity: p.name.endsWith('long') ? 1 : 3 },
        });
        expect(added.status(), await added.text()).toBe(200);
      }
      const long = items.find((p) => p.name.endsWith('long'))!;
      const scannable = items.filter((p) => p !== long);

      await stubPrint(page);
      await signIn(page, username, 'dots-password');
      await page.goto('/products/barcode');
      // The resolution is chosen on the label screen, and says what each barcode prints as.
      await page.getByRole('combobox', { name: 'Printer resolution' }).click();
      await page.getByRole('option', { name: `${dpi} dpi` }).click();
      const upcRow = page.getByRole('row', { name: new RegExp(items[0].name) });
      await expect(upcRow.getByTestId('label-barcode-size')).toHaveText(
        dpi === 203 ? '1.11 in wide, 0.250 mm bars (76 %)' : '1.13 in wide, 0.254 mm bars (77 %)',
      );
      await expect(page.getByTestId('labels-too-long')).toContainText(long.barcode);
      await page.screenshot({ path: test.info().outputPath(`labels-screen-${dpi}.png`), fullPage: true });
      await page.getByRole('button', { name: 'Print' }).click();
      await expect(page).toHaveURL(new RegExp(`dpi=${dpi}`));

      // The print page says which code is too long and does not open the print dialogue by itself.
      const labels = page.getByTestId('label');
      await expect(labels).toHaveCount(16);
      await expect(page.getByTestId('labels-too-long')).toContainText(long.barcode);
      await expect(page.getByTestId('barcode-too-long')).toHaveText(long.barcode);
      await expect(page.getByTestId('printed-barcode').locator('img')).toHaveCount(15);
      for (const img of await page.getByTestId('printed-barcode').locator('img').all()) {
        await expect(img).toHaveJSProperty('complete', true);
      }
      expect(await printed(page)).toBe(0);

      await page.emulateMedia({ media: 'print' });
      const sheet = await raster(page, `label-sheet-${dpi}.png`);
      // Each label on its own, decoded, and its bars measured.
      const read: string[] = [];
      for (let i = 0; i < 15; i++) {
        const label = labels.nth(i);
        const item = scannable[Math.floor(i / 3)];
        const code = { barcode: item.barcode, symbology: item.symbology };
        const { path: file, origin } = await sheet.crop(label, `label-${dpi}-${i + 1}.png`);
        const got = zbar(file);
        read.push(...got);
        expect(got, `label ${i + 1} (${item.name})`).toEqual([zbarText(code)]);
        // Labels print every symbology at 0.25 mm, the most bar height: 2 dots at 203 dpi, 3 at 300.
        const dots = Number(await label.getByTestId('printed-barcode').getAttribute('data-dots'));
        expect(dots).toBe(dpi === 203 ? 2 : 3);
        await checkWholeDots(file, origin, label, code, dots, dpi);
      }
      test.info().annotations.push({ type: 'decoded', description: `${read.length}/15 labels at ${dpi} dpi` });

      // The same sheet printed to PDF and rasterised at the printer's resolution, label by label.
      const paper = await printedRaster(page, dpi, `labels-${dpi}`);
      expect(paper.pages).toHaveLength(1);
      let fromPdf = 0;
      for (let i = 0; i < 15; i++) {
        const item = scannable[Math.floor(i / 3)];
        const file = await paper.crop(page.getByTestId('label-sheet'), 0, labels.nth(i), `label-${i + 1}.png`);
        expect(zbar(file), `printed label ${i + 1} (${item.name})`).toEqual([zbarText(item)]);
        fromPdf++;
      }
      test
        .info()
        .annotations.push({ type: 'decoded', description: `${fromPdf}/15 printed (PDF) labels at ${dpi} dpi` });

      // The resolution is remembered on the label screen.
      await page.emulateMedia({ media: 'screen' });
      await page.goto('/products/barcode');
      await expect(page.getByRole('combobox', { name: 'Printer resolution' })).toHaveValue(`${dpi} dpi`);
    });

    test(`thermal strip: every line's barcode decodes, in whole dots of a ${dpi} dpi printer`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const token = await apiToken(request);
      const headers = { Token: token };
      const items = await productsOfEverySymbology(request, token, uniqueName('Strip'));
      const tooLong = await createProduct(request, token, {
        name: uniqueName('Strip way too long'),
        barcodeSymbology: 'code128',
        barcode: `${uniqueName('LONG-CODE-128-FOR-A-STRIP')}`.slice(0, 48),
      });
      const products = [...items, { ...tooLong, symbology: 'code128' as const }];
      const { invoice } = await invoiceFixture(request, headers, {
        type: 'invoice',
        billerID: 1,
        email: 'store@quickstop.test',
        products,
        lines: products.map((_, i) => [i, 1] as [number, number]),
      });

      await stubPrint(page);
      await signIn(page);
      await page.goto(`/invoices/thermalPrint/${invoice.id}`);
      const strip = page.getByTestId('thermal-strip');
      const lines = strip.getByTestId('document-line');
      await expect(lines).toHaveCount(products.length);
      await expect.poll(() => printed(page)).toBe(1);
      // The dialog holds the printer's resolution (203 dpi unless chosen otherwise before).
      const dialog = page.getByRole('dialog');
      if (dpi !== 203) {
        await dialog.getByText(`${dpi} dpi`).click();
        await dialog.getByRole('button', { name: 'Print' }).click();
        await expect.poll(() => printed(page)).toBe(2);
        expect(await page.evaluate(() => localStorage.getItem('thermalPrinterDpi'))).toBe(String(dpi));
      }
      await page.screenshot({ path: test.info().outputPath(`thermal-dialog-${dpi}.png`) });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(lines.last().getByTestId('barcode-too-long')).toHaveText(tooLong.barcode);
      for (const img of await strip.getByTestId('printed-barcode').locator('img').all()) {
        await expect(img).toHaveJSProperty('complete', true);
      }

      await page.emulateMedia({ media: 'print' });
      const shot = await raster(page, `thermal-${dpi}.png`);
      let read = 0;
      for (const [i, item] of items.entries()) {
        const code = { barcode: item.barcode, symbology: item.symbology };
        const line = lines.nth(i);
        const { path: file, origin } = await shot.crop(line, `thermal-${dpi}-${i + 1}.png`);
        expect(zbar(file), item.name).toEqual([zbarText(code)]);
        read++;
        const dots = Number(await line.getByTestId('printed-barcode').getAttribute('data-dots'));
        // Across the strip a code prints at its nominal size (3 dots at 203 dpi, 4 at 300) when it fits.
        const size = printedBarcodeSize(code.barcode, code.symbology, dpi, 73 / 25.4);
        expect(dots).toBe(size.fits ? size.dotsPerModule : 0);
        if (!item.name.endsWith('long')) expect(dots).toBe(dpi === 203 ? 3 : 4);
        await checkWholeDots(file, origin, line, code, dots, dpi);
      }
      test.info().annotations.push({ type: 'decoded', description: `${read}/${items.length} lines at ${dpi} dpi` });

      const paper = await printedRaster(page, dpi, `thermal-${dpi}`);
      expect(paper.pages).toHaveLength(1);
      let fromPdf = 0;
      for (const [i, item] of items.entries()) {
        const file = await paper.crop(strip, 0, lines.nth(i), `line-${i + 1}.png`);
        expect(zbar(file), `printed line ${i + 1} (${item.name})`).toEqual([zbarText(item)]);
        fromPdf++;
      }
      test.info().annotations.push({
        type: 'decoded',
        description: `${fromPdf}/${items.length} printed (PDF) lines at ${dpi} dpi`,
      });
    });
  });
}
