import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.js';
import { csv, importKit, upc } from './import-test-kit.js';

const t = testApp();
const { send, run, resultOf, product, auditOf } = importKit(t);

describe('import products', () => {
  const a = upc('01111111111');
  const b = upc('02222222222');
  const c = upc('03333333334');

  it('previews with the suggested mapping, then creates every row (semicolon file, BOM, CRLF)', async () => {
    const file = `\uFEFF${csv(
      [
        ['Product Name', 'UPC', 'Cost', 'Price', 'SRP', 'Department'],
        ['Cola 12oz', a, '0.50', '$1.25', '1.99', 'Drinks'],
        ['Chips; salted', b, '0,40', '1,00', '1.49', 'Snacks'],
        ['Gum', c.slice(0, 11), '0.10', '0.25', '0.50', ''],
      ],
      ';',
    )}`;
    const preview = await send('products', 'preview', file);
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json();
    expect(body.headings).toEqual(['Product Name', 'UPC', 'Cost', 'Price', 'SRP', 'Department']);
    expect(body.mapping).toEqual({
      name: 'Product Name',
      barcode: 'UPC',
      costPrice: 'Cost',
      sellingPrice: 'Price',
      suggestedRetailPrice: 'SRP',
      category: 'Department',
    });
    expect(body).toMatchObject({ total: 3, create: 3, update: 0, refuse: 0 });
    expect(body.rows.map((r: { line: number; action: string }) => [r.line, r.action])).toEqual([
      [2, 'create'],
      [3, 'create'],
      [4, 'create'],
    ]);

    const events = await run('products', file, { mapping: body.mapping });
    expect(events.filter((e) => e.type === 'progress').length).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ type: 'done', written: true, create: 3, refuse: 0 });
    expect(await product(a)).toMatchObject({
      name: 'Cola 12oz',
      costPrice: 0.5,
      sellingPrice: 1.25,
      category: 'Drinks',
    });
    expect(await product(b)).toMatchObject({ name: 'Chips; salted', costPrice: 0.4, sellingPrice: 1 });
    // 11 digits: the form's rule completes the check digit.
    expect(await product(c)).toMatchObject({ name: 'Gum', sellingPrice: 0.25, suggestedRetailPrice: 0.5 });
  });

  it('remembers the last mapping for the next file', async () => {
    const file = csv([
      ['Product Name', 'UPC', 'Other'],
      ['X', upc('09999999999'), 'y'],
    ]);
    const body = (await send('products', 'preview', file)).json();
    expect(body.mapping).toEqual({ name: 'Product Name', barcode: 'UPC' });
  });

  it('round trip: export, change prices in the file, import with update; products and their audit show the new prices', async () => {
    const exported = await t.call('POST', '/api/product/export', { searchQuery: 'Cola 12oz' }, t.adminToken);
    expect(exported.statusCode, exported.body).toBe(200);
    const [heading, ...rows] = parse(exported.body, { bom: true }) as string[][];
    expect(rows).toHaveLength(1);
    const price = heading.indexOf('Selling Price');
    const cost = heading.indexOf('Cost Price');
    rows[0][price] = '1.35';
    rows[0][cost] = '0.55';
    const file = csv([heading, ...rows]);

    const preview = (await send('products', 'preview', file, { onMatch: 'update' })).json();
    expect(preview.mapping).toMatchObject({
      name: 'Name',
      barcode: 'Barcode',
      barcodeSymbology: 'Symbology',
      sellingPrice: 'Selling Price',
      costPrice: 'Cost Price',
    });
    expect(preview).toMatchObject({ total: 1, update: 1, create: 0, refuse: 0 });
    // The preview shows what the update changes before it is made.
    expect(preview.rows[0].changes).toEqual([
      { field: 'Cost Price', before: '0.50', after: '0.55' },
      { field: 'Selling Price', before: '1.25', after: '1.35' },
    ]);

    // Refusing matches is the default: the row is refused and, all or nothing, nothing is written.
    const refused = await resultOf('products', file, { mapping: preview.mapping });
    expect(refused).toMatchObject({ type: 'done', written: false, refuse: 1 });
    expect((await product(a)).sellingPrice).toBe(1.25);

    const done = await resultOf('products', file, { mapping: preview.mapping, onMatch: 'update' });
    expect(done).toMatchObject({ type: 'done', written: true, update: 1, create: 0 });
    const after = await product(a);
    expect(after).toMatchObject({ name: 'Cola 12oz', sellingPrice: 1.35, costPrice: 0.55, category: 'Drinks' });
    const [entry] = await auditOf('product', after.id);
    expect(entry.action).toBe('update');
    expect(entry.changes).toEqual(
      expect.arrayContaining([
        { field: 'sellingPrice', before: '1.25', after: '1.35' },
        { field: 'costPrice', before: '0.5', after: '0.55' },
      ]),
    );

    // The same file again changes nothing.
    expect(await resultOf('products', file, { mapping: preview.mapping, onMatch: 'update' })).toMatchObject({
      written: true,
      update: 0,
      unchanged: 1,
    });
  });

  it('an update file may hold only the barcode and a price: the other fields stay', async () => {
    const file = csv([
      ['Barcode', 'Selling Price'],
      [b, '1.10'],
    ]);
    expect(
      await resultOf('products', file, {
        mapping: { barcode: 'Barcode', sellingPrice: 'Selling Price' },
        onMatch: 'update',
      }),
    ).toMatchObject({ update: 1 });
    expect(await product(b)).toMatchObject({
      name: 'Chips; salted',
      sellingPrice: 1.1,
      costPrice: 0.4,
      category: 'Snacks',
    });
  });

  it('refuses bad rows one by one with reasons, and all or nothing writes nothing', async () => {
    const good = upc('04444444444');
    const wrongCheck = `${upc('05555555555').slice(0, 11)}${(Number(upc('05555555555').at(-1)) + 1) % 10}`;
    const huge = 'x'.repeat(2 * 1024 * 1024);
    const file = csv([
      ['Name', 'Barcode', 'Symbology', 'Selling Price', 'Cost Price'],
      ['Good one', good, 'UPC-A', '2.00', '1.00'],
      ['Wrong check digit', wrongCheck, 'upca', '2.00', '1.00'],
      ['Twice in the file', good, 'upca', '2.00', '1.00'],
      ['Negative', upc('06666666666'), 'upca', '-1.00', '1.00'],
      ['Unknown symbology', upc('07777777777'), 'QR', '2.00', '1.00'],
      [huge, upc('08888888888'), 'upca', '2.00', '1.00'],
      ['Taken', a, 'upca', '2.00', '1.00'],
      ['', upc('01212121212'), 'upca', '2.00', '1.00'],
      ['Short row', upc('01414141414'), 'upca'],
      ['Three decimals', upc('01313131313'), 'upca', '2.005', '1.00'],
      ['Dashed', '0-36000-29145-2', 'upca', '2.00', '1.00'],
    ]);
    const mapping = {
      name: 'Name',
      barcode: 'Barcode',
      barcodeSymbology: 'Symbology',
      sellingPrice: 'Selling Price',
      costPrice: 'Cost Price',
    };
    const preview = (await send('products', 'preview', file, { mapping })).json();
    expect(preview).toMatchObject({ total: 11, create: 3, refuse: 8 });
    const reasons = Object.fromEntries(
      preview.rows.map((r: { line: number; errors: string[] }) => [r.line, r.errors.join('; ')]),
    );
    expect(reasons[2]).toBe('');
    expect(reasons[3]).toMatch(/^Barcode has a wrong check digit/);
    expect(reasons[4]).toBe(`Barcode ${good} is also on line 2`);
    expect(reasons[5]).toBe('Selling Price must be 0 or more');
    expect(reasons[6]).toMatch(/^Symbology "QR" is not one of/);
    expect(reasons[7]).toBe('Name is too long (at most 200 characters)');
    expect(reasons[8]).toBe(
      'A product with this barcode already exists (Cola 12oz); to change it, choose to update the existing one',
    );
    expect(reasons[9]).toBe('Name is required');
    // A short row: its empty price cells are not $0.00.
    expect(reasons[10]).toBe('Cost Price is empty; Selling Price is empty');
    // A price with three decimals is rounded half up to the cent and said; a dashed UPC is its digits.
    expect(reasons[11]).toBe('');
    expect(preview.rows[9].notes).toEqual(['Selling Price 2.005 rounded to 2.01']);
    expect(reasons[12]).toBe('');
    expect(preview.rows[10].notes).toEqual([
      'Barcode 0-36000-29145-2 read as 036000291452 (dashes and spaces removed)',
    ]);
    expect(preview.rows[0].notes).toBeUndefined();
    // The 2 MB cell is not sent back whole.
    expect(preview.rows[5].cells.name.length).toBeLessThan(300);

    const before = (await t.call('POST', '/api/product/all', { resultsPerPage: 1 }, t.adminToken)).json().totalRows;
    expect(await resultOf('products', file, { mapping })).toMatchObject({
      type: 'done',
      written: false,
      create: 3,
      refuse: 8,
    });
    expect((await t.call('POST', '/api/product/all', { resultsPerPage: 1 }, t.adminToken)).json().totalRows).toBe(
      before,
    );
    expect(await product(good)).toBeUndefined();

    // The refused rows as CSV: line, the row as in the file, the reasons.
    const refusedRes = await send('products', 'refused', file, { mapping });
    expect(refusedRes.statusCode).toBe(200);
    expect(refusedRes.headers['content-disposition']).toBe('attachment; filename="products-refused-rows.csv"');
    const refused = parse(refusedRes.body, { bom: true }) as string[][];
    expect(refused[0]).toEqual(['Line', 'Name', 'Barcode', 'Symbology', 'Selling Price', 'Cost Price', 'Reasons']);
    expect(refused.slice(1).map((r) => r[0])).toEqual(['3', '4', '5', '6', '7', '8', '9', '10']);
    expect(refused[2]).toEqual([
      '4',
      'Twice in the file',
      good,
      'upca',
      '2.00',
      '1.00',
      `Barcode ${good} is also on line 2`,
    ]);

    // Valid rows only: the good row is written, the others refused.
    const valid = await resultOf('products', file, { mapping, mode: 'valid' });
    expect(valid).toMatchObject({ written: true, create: 3, refuse: 8 });
    expect(await product(upc('01313131313'))).toMatchObject({ sellingPrice: 2.01 });
    expect(await product('036000291452')).toMatchObject({ name: 'Dashed' });
    // The run's own refused rows come with its result: the same file the refused call gave before the run.
    expect(valid.refusedCsv).toBe(refusedRes.body);
    expect(await product(good)).toMatchObject({ name: 'Good one', sellingPrice: 2 });
  });
});
