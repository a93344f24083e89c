import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BARCODE_IMAGE_MARGIN, BARCODE_IMAGE_SCALE, barcodeBarModules, barcodeImageModules } from '@wd/contracts';
import bwipjs from 'bwip-js/node';
import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.js';
import { barcodePng, QUIET_ZONE } from './barcode-image.js';

/**
 * The served barcode images read by a decoder we did not write: zbarimg (Debian's zbar-tools),
 * as a store's scanner software would. Every symbology must decode to its code, on an opaque
 * white image with the symbology's quiet zones.
 */
const t = testApp();
const dir = mkdtempSync(join(tmpdir(), 'wd-barcodes-'));

/** zbarimg's reading of a PNG: "SYMBOLOGY:data" lines (UPC-A comes back as its EAN-13 form). */
function zbar(png: Buffer, name: string): string[] {
  const file = join(dir, `${name}.png`);
  writeFileSync(file, png);
  try {
    return execFileSync('zbarimg', ['-q', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .trim()
      .split('\n');
  } catch {
    return [];
  }
}

const CASES = [
  { code: '036000291452', symbology: 'upca', read: 'EAN-13:0036000291452' },
  { code: '4006381333931', symbology: 'ean13', read: 'EAN-13:4006381333931' },
  { code: '96385074', symbology: 'ean8', read: 'EAN-8:96385074' },
  { code: 'CERT-1 ABC', symbology: 'code128', read: 'CODE-128:CERT-1 ABC' },
] as const;

describe('served barcode images scan', () => {
  for (const c of CASES) {
    it(`${c.symbology} ${c.code}: decodes with zbarimg, opaque white with its quiet zones`, async () => {
      const res = await t.call('GET', `/images/barcodes/${encodeURIComponent(c.code)}.png`);
      expect(res.statusCode).toBe(200);
      const png = res.rawPayload;
      expect(zbar(png, c.symbology)).toEqual([c.read]);

      const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => {
        const i = (y * info.width + x) * 4;
        return [data[i], data[i + 1], data[i + 2], data[i + 3]];
      };
      // Every pixel is opaque (no transparency for a decoder to read as black).
      for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) throw new Error(`transparent pixel at ${i}`);
      // The first bar is at least the quiet zone in from the left edge, and the last bar before the
      // right one (3 px per module), on the bars' middle row.
      const row = Math.floor(info.height / 3);
      const dark = (x: number) => pixel(x, row)[0] < 128;
      let first = 0;
      while (first < info.width && !dark(first)) first++;
      let last = info.width - 1;
      while (last > 0 && !dark(last)) last--;
      expect(first).toBeGreaterThanOrEqual(QUIET_ZONE[c.symbology].left * 3);
      expect(info.width - 1 - last).toBeGreaterThanOrEqual(QUIET_ZONE[c.symbology].right * 3);
      expect(pixel(0, 0)).toEqual([255, 255, 255, 255]);
      // Exactly the margin's whole modules either side, and as wide as a page expects it to be
      // (it draws it at modules × whole printer dots: docs/business-rules.md).
      expect(first).toBe(BARCODE_IMAGE_MARGIN[c.symbology].left * BARCODE_IMAGE_SCALE);
      expect(info.width - 1 - last).toBe(BARCODE_IMAGE_MARGIN[c.symbology].right * BARCODE_IMAGE_SCALE);
      expect(info.width).toBe(barcodeImageModules(c.code, c.symbology) * BARCODE_IMAGE_SCALE);
    });
  }

  it("Code 128 of any printable text: the module count a page predicts is the encoder's, the image as wide", async () => {
    const printable = fc.string({
      unit: fc.oneof(
        fc.constantFrom(...'0123456789'),
        fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
      ),
      minLength: 1,
      maxLength: 48,
    });
    await fc.assert(
      fc.asyncProperty(printable, async (text) => {
        const [symbol] = bwipjs.raw('code128', text, '') as unknown as { sbs: number[] }[];
        expect(barcodeBarModules(text, 'code128')).toBe(symbol.sbs.reduce((a, b) => a + b, 0));
        const { width } = await sharp(await barcodePng(text, 'code128')).metadata();
        expect(width).toBe(barcodeImageModules(text, 'code128') * BARCODE_IMAGE_SCALE);
      }),
      { numRuns: 150 },
    );
  });
});
