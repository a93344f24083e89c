import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.js';
import { QUIET_ZONE } from './barcode-image.js';

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
    });
  }
});
