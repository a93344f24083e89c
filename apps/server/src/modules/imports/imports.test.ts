import { normalizeBarcode } from '@wd/contracts';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import { multipart, testApp } from '../../../test/helpers.js';

const t = testApp();

/** A valid UPC-A from 11 digits (the check digit computed). */
const upc = (eleven: string) => {
  const r = normalizeBarcode('upca', eleven);
  if (!r.ok) throw new Error(r.message);
  return r.barcode;
};

const csv = (rows: (string | number)[][], delimiter = ',') =>
  stringify(
    rows.map((r) => r.map(String)),
    { delimiter, record_delimiter: 'windows' },
  );

function send(
  kind: string,
  step: string,
  file: string | Buffer,
  options: unknown = {},
  token: string | null = t.adminToken,
) {
  const body = multipart([
    { name: 'options', data: JSON.stringify(options) },
    { name: 'file', filename: 'import.csv', contentType: 'text/csv', data: file },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/import/${kind}/${step}`,
    headers: { ...body.headers, ...(token ? { token } : {}) },
    payload: body.payload,
  });
}

/** The run's NDJSON events. */
async function run(kind: string, file: string | Buffer, options: unknown) {
  const res = await send(kind, 'run', file, options);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
  return res.body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}
const resultOf = async (kind: string, file: string | Buffer, options: unknown) =>
  (await run(kind, file, options)).at(-1);

const product = async (barcode: string) => {
  const res = await t.call('POST', '/api/product/filter', { searchQuery: barcode, resultsPerPage: 5 }, t.adminToken);
  return res.json().products.find((p: { barcode: string }) => p.barcode === barcode);
};

const auditOf = async (entity: string, entityID: number) =>
  (await t.call('POST', '/api/audit/all', { entity, entityId: entityID, resultsPerPage: 50 }, t.adminToken)).json()
    .auditLog;

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
    ]);
    const mapping = {
      name: 'Name',
      barcode: 'Barcode',
      barcodeSymbology: 'Symbology',
      sellingPrice: 'Selling Price',
      costPrice: 'Cost Price',
    };
    const preview = (await send('products', 'preview', file, { mapping })).json();
    expect(preview).toMatchObject({ total: 10, create: 1, refuse: 9 });
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
    expect(reasons[11]).toBe('Selling Price must have at most two decimals');
    // The 2 MB cell is not sent back whole.
    expect(preview.rows[5].cells.name.length).toBeLessThan(300);

    const before = (await t.call('POST', '/api/product/all', { resultsPerPage: 1 }, t.adminToken)).json().totalRows;
    expect(await resultOf('products', file, { mapping })).toMatchObject({
      type: 'done',
      written: false,
      create: 1,
      refuse: 9,
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
    expect(refused.slice(1).map((r) => r[0])).toEqual(['3', '4', '5', '6', '7', '8', '9', '10', '11']);
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
    expect(valid).toMatchObject({ written: true, create: 1, refuse: 9 });
    // The run's own refused rows come with its result: the same file the refused call gave before the run.
    expect(valid.refusedCsv).toBe(refusedRes.body);
    expect(await product(good)).toMatchObject({ name: 'Good one', sellingPrice: 2 });
  });

  it('refuses an 11-digit UPC-A that may have lost its leading zero, naming both readings', async () => {
    const file = csv([
      ['Name', 'Barcode'],
      ['Leading zero lost', '36000291452'],
    ]);
    const preview = (await send('products', 'preview', file, { mapping: { name: 'Name', barcode: 'Barcode' } })).json();
    expect(preview.rows[0].errors).toEqual([
      `Barcode 36000291452 is 11 digits: 036000291452 (a leading zero lost) or ${upc('36000291452')} (the check digit left out)? Write all 12 digits (format the column as text)`,
    ]);
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

  it('reads an Excel workbook: numbers as Excel shows them, a lost leading zero refused, dates', async () => {
    const sheet = [
      ['Name', 'Barcode', 'Selling Price', 'Cost Price'],
      ['Workbook cola', Number(upc('71111111111')), 0.1 + 0.2, 1],
      [],
      ['Lost zero', 36000291452, 2, 1],
      ['Text barcode', upc('72222222222'), '1,250.00', 0.5],
    ];
    const workbook = await (writeExcelFile(sheet as never) as unknown as { toBuffer(): Promise<Buffer> }).toBuffer();
    const mapping = { name: 'Name', barcode: 'Barcode', sellingPrice: 'Selling Price', costPrice: 'Cost Price' };
    const preview = (await send('products', 'preview', workbook, { mapping })).json();
    expect(preview.rows.map((r: { line: number; action: string }) => [r.line, r.action])).toEqual([
      [2, 'create'],
      [4, 'refuse'],
      [5, 'create'],
    ]);
    expect(preview.rows[0].cells).toEqual({
      name: 'Workbook cola',
      barcode: upc('71111111111'),
      sellingPrice: '0.3',
      costPrice: '1',
    });
    expect(preview.rows[1].errors[0]).toMatch(/^Barcode 36000291452 is 11 digits/);
    expect(await resultOf('products', workbook, { mapping, mode: 'valid' })).toMatchObject({ create: 2, refuse: 1 });
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

  it('400 for a bad mapping, an empty or binary file; 401; 403 for a user', async () => {
    const file = csv([
      ['Name', 'Barcode'],
      ['A', upc('01010101010')],
    ]);
    const bad = async (options: unknown, message: string | RegExp, f: string | Buffer = file, status = 400) => {
      const res = await send('products', 'run', f, options);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    };
    await bad({ mapping: { name: 'Name' } }, 'Map a column to Barcode');
    await bad({ mapping: { barcode: 'Nope' } }, 'The file has no column "Nope"');
    await bad({ mapping: { barcode: 'Name', name: 'Name' } }, '"Name" is mapped to two fields');
    await bad({ mapping: { barcode: 'Barcode', price: 'Name' } }, 'price is not a field that can be imported');
    await bad({ mode: 'maybe' }, /mode/);
    await bad({}, 'The file has no rows under its heading row', 'Name,Barcode\r\n');
    await bad({}, 'Only a CSV file', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]), 415);
    await bad({}, 'The file is not a readable Excel workbook', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 0]));
    expect((await send('nothing', 'preview', file)).statusCode).toBe(400);
    expect((await send('products', 'preview', file, {}, null)).statusCode).toBe(401);
    const user = await t.createUser('import-clerk');
    expect((await send('products', 'preview', file, {}, user.token)).statusCode).toBe(403);
  });
});

describe('import customers', () => {
  it('creates, then updates by company and postal code; price group by name; refuses unknown groups and duplicates', async () => {
    const groups = (await t.call('POST', '/api/priceGroup/all', { resultsPerPage: 10 }, t.adminToken)).json();
    const group = groups.priceGroups[0].name as string;
    const file = csv([
      ['Store', 'Contact', 'Zip', 'Price Group', 'Credit Limit', 'Last Verified', 'Tax Permit'],
      ['Corner Mart', 'Ann', '75001', group, '1,500.00', '03/15/2026', '00123'],
      ['Corner Mart', 'Bob', '75002', '', '0', '', ''],
      ['Corner Mart', 'Dup', '75001', '', '', '', ''],
      ['Bad Group', '', '75003', 'No Such Group', '', '', ''],
    ]);
    const previewRes = await send('customers', 'preview', file);
    expect(previewRes.statusCode, previewRes.body).toBe(200);
    const preview = previewRes.json();
    expect(preview.mapping).toEqual({
      company: 'Store',
      name: 'Contact',
      postalCode: 'Zip',
      priceGroup: 'Price Group',
      creditLimit: 'Credit Limit',
      dateLastVerified: 'Last Verified',
      taxPermitNumber: 'Tax Permit',
    });
    expect(preview).toMatchObject({ total: 4, create: 2, refuse: 2 });
    expect(preview.rows[2].errors).toEqual(['The same company and postal code are also on line 2']);
    expect(preview.rows[3].errors).toEqual(['Price Group "No Such Group" does not exist']);
    expect(await resultOf('customers', file, { mapping: preview.mapping, mode: 'valid' })).toMatchObject({
      written: true,
      create: 2,
      refuse: 2,
    });

    const found = (
      await t.call(
        'POST',
        '/api/customer/all',
        { searchQuery: 'Corner Mart', resultsPerPage: 10, sortingList: [{ column: 'name', order: 'asc' }] },
        t.adminToken,
      )
    ).json().customers;
    expect(
      found.map((c: { name: string; postalCode: string; creditLimit: number }) => [
        c.name,
        c.postalCode,
        c.creditLimit,
      ]),
    ).toEqual([
      ['Ann', '75001', 1500],
      ['Bob', '75002', 0],
    ]);
    expect(found[0]).toMatchObject({ priceGroup: group, dateLastVerified: '2026-03-15', taxPermitNumber: '00123' });

    const update = csv([
      ['Company', 'Postal Code', 'Phone'],
      [' corner mart ', '75001', '555-0100'],
    ]);
    const done = await resultOf('customers', update, {
      mapping: { company: 'Company', postalCode: 'Postal Code', phone: 'Phone' },
      onMatch: 'update',
    });
    expect(done).toMatchObject({ written: true, update: 1, create: 0 });
    const ann = (await t.call('POST', `/api/customer/${found[0].id}`, {}, t.adminToken)).json().customer;
    expect(ann).toMatchObject({ company: 'Corner Mart', name: 'Ann', phone: '555-0100', creditLimit: 1500 });
    const [entry] = await auditOf('customer', ann.id);
    expect(entry.changes).toEqual([{ field: 'phone', before: '', after: '555-0100' }]);
  });
});
