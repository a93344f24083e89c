import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import { testApp } from '../../../test/helpers.js';
import { csv, importKit, upc } from './import-test-kit.js';

const t = testApp();
const { send, resultOf, product } = importKit(t);

describe('import: reading the files people bring', () => {
  it('restores the leading zeros a spreadsheet dropped when the check digit agrees, and says so', async () => {
    const twoZeros = upc('00123412345');
    const file = csv([
      ['Name', 'Barcode', 'Selling Price'],
      ['Leading zero lost', '36000291452', '1.00'],
      ['Two zeros lost', twoZeros.slice(2), '1.00'],
      // 11 digits whose zero-padded reading fails the check: written without its check digit.
      ['Check digit left out', '12345678901', '1.00'],
    ]);
    const mapping = { name: 'Name', barcode: 'Barcode', sellingPrice: 'Selling Price' };
    const preview = (await send('products', 'preview', file, { mapping })).json();
    expect(preview.rows.map((r: { action: string; errors: string[] }) => [r.action, r.errors])).toEqual([
      ['create', []],
      ['create', []],
      ['create', []],
    ]);
    expect(preview.rows[0].notes).toEqual([
      'Barcode 36000291452 read as 036000291452: a leading zero restored (the check digit agrees)',
    ]);
    expect(preview.rows[1].notes).toEqual([
      `Barcode ${twoZeros.slice(2)} read as ${twoZeros}: 2 leading zeros restored (the check digit agrees)`,
    ]);
    expect(preview.rows[2].notes).toBeUndefined();
    expect(await resultOf('products', file, { mapping })).toMatchObject({ written: true, create: 3 });
    expect(await product('036000291452')).toMatchObject({ name: 'Leading zero lost' });
    expect(await product(twoZeros)).toMatchObject({ name: 'Two zeros lost' });
    expect(await product(upc('12345678901'))).toMatchObject({ name: 'Check digit left out' });
  });

  it('refuses a new product when the file has no selling price, never making it $0.00', async () => {
    const file = csv([
      ['Item #', 'UPC', 'Description', 'Pack', 'Cost'],
      ['A-1', upc('03131313131'), 'No price cola', '24', '0.4125'],
    ]);
    const preview = (await send('products', 'preview', file, {})).json();
    // The common catalog headings are mapped; Item # is not a product field.
    expect(preview.mapping).toEqual({ name: 'Description', barcode: 'UPC', unitQuantity: 'Pack', costPrice: 'Cost' });
    expect(preview.rows[0]).toMatchObject({
      action: 'refuse',
      errors: ['Selling Price is missing: a new product needs its price (map the column that holds it, or add one)'],
      notes: ['Cost Price 0.4125 rounded to 0.41'],
    });
  });

  it('an export edited in Excel (leading zeros dropped) updates the products the short codes can only mean', async () => {
    const zero = upc('00777777777');
    expect(zero.startsWith('00')).toBe(true);
    const made = await t.call(
      'POST',
      '/api/product/insert/',
      { name: 'Zero lead', barcode: zero, costPrice: 1, sellingPrice: 2, suggestedRetailPrice: 3 },
      t.adminToken,
    );
    expect(made.statusCode, made.body).toBe(200);
    // Excel writes the code back as a number: 11 digits, and "1.09754E+12" for a long box code.
    const file = csv([
      ['Name', 'Barcode', 'Box Barcode', 'Selling Price'],
      ['Zero lead', zero.slice(1), '', '2.50'],
      ['Box lost', upc('07575757575'), '1.09754E+12', '2.00'],
    ]);
    const mapping = { name: 'Name', barcode: 'Barcode', boxBarcode: 'Box Barcode', sellingPrice: 'Selling Price' };
    const preview = (await send('products', 'preview', file, { mapping, onMatch: 'update' })).json();
    expect(preview.rows[0]).toMatchObject({ action: 'update', errors: [] });
    expect(preview.rows[1].errors).toEqual([
      'Box Barcode 1.09754E+12 is a number in scientific notation: its digits are lost (format the column as text)',
    ]);
    expect(await resultOf('products', file, { mapping, onMatch: 'update', mode: 'valid' })).toMatchObject({
      update: 1,
      refuse: 1,
    });
    expect(await product(zero)).toMatchObject({ name: 'Zero lead', sellingPrice: 2.5, costPrice: 1 });
  });

  it('reads an Excel workbook: numbers as Excel shows them, a lost leading zero restored, dates', async () => {
    const sheet = [
      ['Name', 'Barcode', 'Selling Price', 'Cost Price'],
      ['Workbook cola', Number(upc('71111111111')), 0.1 + 0.2, 1],
      [],
      ['Lost zero', Number(upc('03939393939')), 2, 1],
      ['Text barcode', upc('72222222222'), '1,250.00', 0.5],
    ];
    const workbook = await (writeExcelFile(sheet as never) as unknown as { toBuffer(): Promise<Buffer> }).toBuffer();
    const mapping = { name: 'Name', barcode: 'Barcode', sellingPrice: 'Selling Price', costPrice: 'Cost Price' };
    const preview = (await send('products', 'preview', workbook, { mapping })).json();
    expect(preview.rows.map((r: { line: number; action: string }) => [r.line, r.action])).toEqual([
      [2, 'create'],
      [4, 'create'],
      [5, 'create'],
    ]);
    expect(preview.rows[0].cells).toEqual({
      name: 'Workbook cola',
      barcode: upc('71111111111'),
      sellingPrice: '0.3',
      costPrice: '1',
    });
    expect(preview.rows[1].notes).toEqual([
      `Barcode ${upc('03939393939').slice(1)} read as ${upc('03939393939')}: a leading zero restored (the check digit agrees)`,
    ]);
    expect(await resultOf('products', workbook, { mapping, mode: 'valid' })).toMatchObject({ create: 3, refuse: 0 });
    expect(await product(upc('71111111111'))).toMatchObject({ sellingPrice: 0.3, costPrice: 1 });
    expect(await product(upc('72222222222'))).toMatchObject({ sellingPrice: 1250, costPrice: 0.5 });
  });

  it('reads a Windows-1252 file (Excel "CSV") and a tab-separated one', async () => {
    const latin = Buffer.from(
      csv([
        ['Name', 'Barcode'],
        ['Jalapeño chips', upc('73333333333')],
      ]),
      'latin1',
    );
    expect(latin.includes(Buffer.from('ñ', 'utf8'))).toBe(false);
    const preview = (
      await send('products', 'preview', latin, { mapping: { name: 'Name', barcode: 'Barcode' } })
    ).json();
    expect(preview.rows[0].cells.name).toBe('Jalapeño chips');
    const tabs = `Name\tBarcode\r\nTabbed, with a comma\t${upc('74444444444')}\r\n`;
    const tabbed = (await send('products', 'preview', tabs)).json();
    expect(tabbed.headings).toEqual(['Name', 'Barcode']);
    expect(tabbed.rows[0].cells).toEqual({ name: 'Tabbed, with a comma', barcode: upc('74444444444') });
  });

  it('reads what a hand-made file holds: shifted rows refused, twin headings kept apart, quotes in cells, UTF-16', async () => {
    const shifted =
      'Name,Barcode,Selling Price\r\nAcme, Inc,' +
      upc('75555555555') +
      ',2.00\r\n12" pizza,' +
      upc('76666666666') +
      ',3.00\r\n';
    const preview = (
      await send('products', 'preview', shifted, {
        mapping: { name: 'Name', barcode: 'Barcode', sellingPrice: 'Selling Price' },
      })
    ).json();
    expect(preview.rows[0].errors).toEqual([
      'The row has 4 cells but the heading has 3: a comma inside a cell that is not in quotes?',
    ]);
    expect(preview.rows[1]).toMatchObject({ action: 'create', cells: { name: '12" pizza' } });

    const twins = csv([
      ['Name', 'Barcode', 'Price', 'Price'],
      ['Twin prices', upc('77777777770'), '1.00', '2.00'],
    ]);
    const twin = (
      await send('products', 'preview', twins, {
        mapping: { name: 'Name', barcode: 'Barcode', costPrice: 'Price', sellingPrice: 'Price (2)' },
      })
    ).json();
    expect(twin.headings).toEqual(['Name', 'Barcode', 'Price', 'Price (2)']);
    expect(twin.rows[0].cells).toMatchObject({ costPrice: '1.00', sellingPrice: '2.00' });

    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`Name\tBarcode\r\nCafé\t${upc('78888888888')}\r\n`, 'utf16le'),
    ]);
    const unicode = (
      await send('products', 'preview', utf16, { mapping: { name: 'Name', barcode: 'Barcode' } })
    ).json();
    expect(unicode.rows[0].cells).toEqual({ name: 'Café', barcode: upc('78888888888') });

    const unclosed = await send('products', 'preview', 'Name,Barcode\r\n"Open,1\r\nNext,2\r\n');
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().message).toMatch(/a quote \("\) opens a cell that is never closed/);
  });

  it('a formula-looking name is exported defused and reads back as itself; 1.000 is not a thousand units', async () => {
    const code = upc('79999999999');
    const made = await t.call(
      'POST',
      '/api/product/insert/',
      {
        name: '=HYPERLINK("x")',
        barcode: code,
        costPrice: 1,
        sellingPrice: 2,
        suggestedRetailPrice: 3,
        unitQuantity: 12,
      },
      t.adminToken,
    );
    expect(made.statusCode, made.body).toBe(200);
    const exported = await t.call('POST', '/api/product/export', { searchQuery: code }, t.adminToken);
    const [heading, row] = parse(exported.body, { bom: true }) as string[][];
    expect(row[heading.indexOf('Name')]).toBe('\'=HYPERLINK("x")');
    row[heading.indexOf('Unit Quantity')] = '1.000';
    const file = csv([heading, row]);
    const preview = (await send('products', 'preview', file, { onMatch: 'update' })).json();
    expect(preview.rows[0].cells.name).toBe('=HYPERLINK("x")');
    expect(preview.rows[0].errors).toEqual(['Unit Quantity must be a number']);
  });

  it('two runs of one file at once: the second waits for the first and finds its rows', async () => {
    const file = csv([
      ['Company', 'Postal Code'],
      ['Twin Store A', '11111'],
      ['Twin Store B', '11111'],
    ]);
    const options = { mapping: { company: 'Company', postalCode: 'Postal Code' } };
    const [one, two] = await Promise.all([resultOf('customers', file, options), resultOf('customers', file, options)]);
    expect([one.create, two.create].sort()).toEqual([0, 2]);
    expect([one.written, two.written].sort()).toEqual([false, true]);
    const found = await t.call(
      'POST',
      '/api/customer/all',
      { searchQuery: 'Twin Store', resultsPerPage: 10 },
      t.adminToken,
    );
    expect(found.json().totalRows).toBe(2);
  });
});
