import { BARCODE_IMAGE_SCALE, barcodeImageModules } from '@wd/contracts';
import bwipjs from 'bwip-js/node';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { expectSortRefused } from '../../../test/lists.js';
import { renderOptions } from './barcode-image.js';

const t = testApp();

/** UPC-A digit patterns (left-hand, odd parity) as module widths: space, bar, space, bar. */
const L_CODES: Record<string, number> = {
  '3211': 0,
  '2221': 1,
  '2122': 2,
  '1411': 3,
  '1132': 4,
  '1231': 5,
  '1114': 6,
  '1312': 7,
  '1213': 8,
  '3112': 9,
};

/** Reads the digits back from bar/space widths, as a scanner does. */
function decodeUpcA(sbs: number[]): string {
  // Guard 1-1-1, six left digits of 4 widths, middle 1-1-1-1-1, six right digits, guard.
  const widths = sbs.slice(3);
  const digits: number[] = [];
  for (let i = 0; i < 12; i++) {
    const offset = i < 6 ? i * 4 : 24 + 5 + (i - 6) * 4;
    const key = widths.slice(offset, offset + 4).join('');
    const digit = L_CODES[key];
    if (digit === undefined) throw new Error(`unreadable digit ${i}: ${key}`);
    digits.push(digit);
  }
  return digits.join('');
}

describe('barcode images', () => {
  it('serves a real UPC-A encoding that reads back as the same digits', async () => {
    const res = await t.call('GET', '/images/barcodes/036000291452.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // The served image is the encoder's own rendering, with exactly the margins either side…
    const encoded = await sharp(await bwipjs.toBuffer(renderOptions('upca', '036000291452'))).metadata();
    const served = await sharp(res.rawPayload).metadata();
    expect(served.width).toBe(barcodeImageModules('036000291452', 'upca') * BARCODE_IMAGE_SCALE);
    expect(served.height).toBe(encoded.height);
    // …and the encoder's bar pattern decodes to the barcode.
    const [symbol] = bwipjs.raw('upca', '036000291452', '') as unknown as { sbs: number[] }[];
    expect(decodeUpcA(symbol.sbs)).toBe('036000291452');
  });

  it('answers 400 for a barcode that can not be encoded', async () => {
    const res = await t.call('POST', '/api/barcode/generate/', { barcode: 'é' }, t.adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('barcode may hold only printable ASCII characters');
    const ok = await t.call('POST', '/api/barcode/generate/', { barcode: 'ABC-123' }, t.adminToken);
    expect(ok.json()).toEqual({ barcode: '/images/barcodes/ABC-123.png' });
  });
});

describe('barcode label list', () => {
  it("keeps each user's own list; adding a listed product adds to its quantity", async () => {
    const p = await createProduct(t, { name: 'Label me', suggestedRetailPrice: 2.49 });
    const first = await t.call('POST', '/api/barcode/insert/', { productID: p.id, quantity: 3 }, t.adminToken);
    expect(first.json().barcodeItem).toMatchObject({
      productID: p.id,
      productName: 'Label me',
      barcode: p.barcode,
      quantity: 3,
      suggestedRetailPrice: 2.49,
    });
    const again = await t.call('POST', '/api/barcode/insert/', { productID: p.id, quantity: 2 }, t.adminToken);
    expect(again.json().barcodeItem.quantity).toBe(5);

    const other = await t.createUser('label.clerk');
    expect((await t.call('POST', '/api/barcode/all/', {}, other.token)).json().barcodeItems).toEqual([]);
    const otherUpdate = await t.call(
      'PATCH',
      '/api/barcode/update/',
      { id: first.json().barcodeItem.id, quantity: 1 },
      other.token,
    );
    expect(otherUpdate.statusCode).toBe(404);

    const upd = await t.call(
      'PATCH',
      '/api/barcode/update/',
      { id: first.json().barcodeItem.id, quantity: 0 },
      t.adminToken,
    );
    expect(upd.json().barcodeItem.quantity).toBe(0);
    const list = await t.call('POST', '/api/barcode/all/', {}, t.adminToken);
    expect(list.json()).toMatchObject({ totalRows: 1 });
    expect(
      (await t.call('DELETE', `/api/barcode/delete/${first.json().barcodeItem.id}/`, undefined, t.adminToken))
        .statusCode,
    ).toBe(200);
    await t.call('POST', '/api/barcode/insert/', { productID: p.id, quantity: 1 }, t.adminToken);
    expect((await t.call('DELETE', '/api/barcode/delete/all/', undefined, t.adminToken)).json()).toEqual({
      message: 'Deleted',
    });
    expect((await t.call('POST', '/api/barcode/all/', {}, t.adminToken)).json().barcodeItems).toEqual([]);
  });

  it('refuses a quantity below 1 on insert (400) and an unknown product (404)', async () => {
    const p = await createProduct(t);
    expect(
      (await t.call('POST', '/api/barcode/insert/', { productID: p.id, quantity: 0 }, t.adminToken)).statusCode,
    ).toBe(400);
    expect(
      (await t.call('POST', '/api/barcode/insert/', { productID: 999999, quantity: 1 }, t.adminToken)).statusCode,
    ).toBe(404);
    expect((await t.call('POST', '/api/barcode/all/', {})).statusCode).toBe(401);
  });
});

describe('barcode/all sorting', () => {
  it('sorts by an allowed column and refuses any other, __proto__ included (400)', async () => {
    const { token } = await t.createUser('label.sorter');
    for (const [name, quantity] of [
      ['Beta label', 2],
      ['Alpha label', 5],
    ] as const) {
      const p = await createProduct(t, { name });
      await t.call('POST', '/api/barcode/insert/', { productID: p.id, quantity }, token);
    }
    const list = async (body: object) => {
      const res = await t.call('POST', '/api/barcode/all/', body, token);
      return { ...res.json(), names: res.json().barcodeItems.map((i: { productName: string }) => i.productName) };
    };
    const sorted = (order: string) => list({ sortingList: [{ column: 'productName', order }] });
    expect((await sorted('asc')).names).toEqual(['Alpha label', 'Beta label']);
    expect((await sorted('desc')).names).toEqual(['Beta label', 'Alpha label']);
    // In the order added when unsorted; a label list is never paged.
    const all = await list({ resultsPerPage: 1 });
    expect(all.names).toEqual(['Beta label', 'Alpha label']);
    expect(all).toMatchObject({ currentPage: 1, numPages: 1, totalRows: 2 });
    await expectSortRefused(t, '/api/barcode/all/', token);
  });
});
