import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.js';
import { csv, importKit, upc } from './import-test-kit.js';

const t = testApp();
const { send, resultOf, auditOf } = importKit(t);

describe('import: calls refused', () => {
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

    // Ann has an EDI id (no file column holds one): an update by file keeps it and does not list it.
    await t.database.db.execute(sql`update customers set edi_id = 'CM-0001' where id = ${found[0].id}`);
    const update = csv([
      ['Company', 'Postal Code', 'Phone'],
      [' corner mart ', '75001', '555-0100'],
    ]);
    const updateOptions = {
      mapping: { company: 'Company', postalCode: 'Postal Code', phone: 'Phone' },
      onMatch: 'update',
    };
    const shown = (await send('customers', 'preview', update, updateOptions)).json();
    expect(shown.rows[0].changes).toEqual([{ field: 'Phone', before: '', after: '555-0100' }]);
    const done = await resultOf('customers', update, updateOptions);
    expect(done).toMatchObject({ written: true, update: 1, create: 0 });
    const ann = (await t.call('POST', `/api/customer/${found[0].id}`, {}, t.adminToken)).json().customer;
    expect(ann).toMatchObject({
      company: 'Corner Mart',
      name: 'Ann',
      phone: '555-0100',
      creditLimit: 1500,
      ediId: 'CM-0001',
      ediQualifier: 'ZZ',
    });
    const [entry, creation] = await auditOf('customer', ann.id);
    expect(entry.changes).toEqual([{ field: 'phone', before: '', after: '555-0100' }]);

    // An imported customer's entry has the shape of one added on its form: the same fields, its price group by name.
    const added = (await t.call('POST', '/api/customer/new/', { company: 'Form Mart' }, t.adminToken)).json();
    const [formCreation] = await auditOf('customer', added.customer.id);
    const fields = (e: { changes: { field: string }[] }) => e.changes.map((c) => c.field).sort();
    expect(creation.action).toBe('create');
    expect(fields(creation)).toEqual(fields(formCreation));
    expect(creation.changes).toContainEqual({ field: 'priceGroup', before: '', after: group });
    expect(creation.changes).toContainEqual({ field: 'creditLimit', before: '', after: '1500' });
  });
});
