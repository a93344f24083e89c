import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';

/**
 * Control numbers of the X12 810 (docs/edi.md): the same content is the same file, byte for byte;
 * a changed invoice is a new transmission with the biller's next control number and BIG08 05.
 */
const t = testApp();
const calls = invoiceCalls(() => t);

const download = async (invoiceId: number) => {
  const res = await t.call('GET', `/api/invoice/edi/cstore/${invoiceId}/`, undefined, t.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

/** The control numbers of every envelope and the purpose code, as the file writes them. */
function controls(x12: string) {
  const segments = x12.split('~').map((segment) => segment.split('*'));
  const find = (tag: string) => segments.find((s) => s[0] === tag) as string[];
  return {
    isa: find('ISA')[13],
    gs: find('GS')[6],
    st: find('ST')[2],
    se: find('SE')[2],
    ge: find('GE')[2],
    iea: find('IEA')[2],
    purpose: find('BIG')[8],
  };
}

/** The file's control number, after checking every envelope carries it. */
function controlOf(x12: string): number {
  const c = controls(x12);
  expect([c.isa, c.st, c.se, c.iea]).toEqual(Array(4).fill(c.isa));
  expect([c.gs, c.ge]).toEqual([String(Number(c.isa)), String(Number(c.isa))]);
  return Number(c.isa);
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await t.database.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

let seq = 0;
/** A DUE invoice of the biller to a new customer with one line of 3 colas at $2.50. */
async function invoiceOf(billerID: number) {
  seq += 1;
  const customer = await t.call('POST', '/api/customer/new/', { company: `Corner Mart #${seq}` }, t.adminToken);
  const product = await createProduct(t, { name: `Cola EDI ${seq}`, sellingPrice: 2.5 });
  const invoice = await calls.newInvoice();
  await calls.setInvoice(invoice.id, { billerID, customerID: customer.json().customer.id });
  const line = await calls.addLine(invoice.id, product.id);
  const setQuantity = async (quantity: number) => {
    const body = { id: line.id, invoiceID: invoice.id, quantity };
    const res = await t.call('PATCH', '/api/invoice/update/item/', body, t.adminToken);
    expect(res.statusCode, res.body).toBe(200);
  };
  await setQuantity(3);
  await calls.setInvoice(invoice.id, { status: 'DUE' });
  return { id: invoice.id as number, customerId: customer.json().customer.id as number, setQuantity };
}

describe('control numbers of the X12 810', () => {
  it('a first file is an original; a download again is the same bytes; a change takes the next number and replaces', async () => {
    const invoice = await invoiceOf(2);
    const first = await download(invoice.id);
    const control = controlOf(first);
    expect(controls(first).purpose).toBe('00');
    expect(await download(invoice.id)).toBe(first);

    await invoice.setQuantity(4);
    const corrected = await download(invoice.id);
    expect(controlOf(corrected)).toBe(control + 1);
    expect(controls(corrected).purpose).toBe('05');
    expect(corrected).toContain('TDS*1000~');
    expect(await download(invoice.id)).toBe(corrected);

    // Back to what the first file said is still a change from the newest: another new number.
    await invoice.setQuantity(3);
    const again = await download(invoice.id);
    expect(controlOf(again)).toBe(control + 2);
    expect(controls(again).purpose).toBe('05');
    expect(again.replace(/\d{9}\*0\*P/, '')).not.toBe(first.replace(/\d{9}\*0\*P/, ''));

    const issued = await rows<{ control_number: number; purpose: string }>(
      sql`select control_number, purpose from edi_documents where invoice_id = ${invoice.id} order by id`,
    );
    expect(issued).toEqual([
      { control_number: control, purpose: '00' },
      { control_number: control + 1, purpose: '05' },
      { control_number: control + 2, purpose: '05' },
    ]);
  });

  it('each biller has its own sequence; an e-mailed EDI file is the download, number and bytes', async () => {
    const house = await invoiceOf(1);
    const second = await invoiceOf(2);
    const [{ last }] = await rows<{ last: number }>(
      sql`select last_control as last from edi_control_numbers where biller_id = 2`,
    );
    const houseFile = await download(house.id);
    const secondFile = await download(second.id);
    expect(controlOf(secondFile)).toBe(last + 1);
    const [{ houseLast }] = await rows<{ houseLast: number }>(
      sql`select last_control as "houseLast" from edi_control_numbers where biller_id = 1`,
    );
    expect(controlOf(houseFile)).toBe(houseLast);

    const update = { id: second.customerId, company: 'Corner Mart', email: 'orders@corner.test' };
    expect((await t.call('PATCH', '/api/customer/update/', update, t.adminToken)).statusCode).toBe(200);
    // The customer's name is in N1*ST: a changed name is a changed file.
    const renamed = await download(second.id);
    expect(controlOf(renamed)).toBe(last + 2);
    expect(controls(renamed).purpose).toBe('05');

    // The EDI e-mail attaches the file as the download gives it now: same number, same bytes.
    const sent = await t.call('POST', `/api/invoice/send/edi/${second.id}/`, undefined, t.adminToken);
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await rows<{ data: Buffer; attachments: { filename: string; offset: number; size: number }[] }>(
      sql`select data, attachments from outbox where invoice_id = ${second.id}`,
    );
    const x12 = mail.attachments.find((a) => a.filename.endsWith('.x12'));
    expect(x12).toBeDefined();
    const attached = Buffer.from(mail.data)
      .subarray(x12!.offset, x12!.offset + x12!.size)
      .toString('ascii');
    expect(attached).toBe(renamed);
  });

  it('two downloads of a changed invoice at once issue one number, and both get it', async () => {
    const invoice = await invoiceOf(2);
    const control = controlOf(await download(invoice.id));
    await invoice.setQuantity(7);
    const files = await Promise.all(Array.from({ length: 6 }, () => download(invoice.id)));
    expect(new Set(files).size).toBe(1);
    expect(controlOf(files[0])).toBe(control + 1);
    const [{ n }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from edi_documents where invoice_id = ${invoice.id}`,
    );
    expect(n).toBe(2);
  });
});

describe('partner ids from the biller and customer records', () => {
  it('a biller with a DUNS number and a customer with a store number: ISA, GS and N1 carry them', async () => {
    const invoice = await invoiceOf(2);
    const before = await download(invoice.id);
    expect(before).toContain('*ZZ*000002         *ZZ*');
    const biller = await t.call('POST', '/api/supplier/2/', undefined, t.adminToken);
    const { id, logo, deletedAt, ediId, ediQualifier, ...fields } = biller.json().biller;
    expect([ediId, ediQualifier]).toEqual(['', 'ZZ']);
    const duns = await t.call(
      'PATCH',
      '/api/supplier/update/',
      { id, ...fields, ediId: '123456789', ediQualifier: '01' },
      t.adminToken,
    );
    expect(duns.statusCode, duns.body).toBe(200);
    expect(duns.json().biller).toMatchObject({ ediId: '123456789', ediQualifier: '01' });
    const store = { id: invoice.customerId, company: `Corner Mart #${seq}`, ediId: 'CM-0042', ediQualifier: 'ZZ' };
    expect((await t.call('PATCH', '/api/customer/update/', store, t.adminToken)).json().customer).toMatchObject({
      ediId: 'CM-0042',
      ediQualifier: 'ZZ',
    });

    const after = await download(invoice.id);
    expect(after.slice(0, 106)).toMatch(/^ISA\*00\* {10}\*00\* {10}\*01\*123456789 {6}\*ZZ\*CM-0042 {8}\*/);
    expect(after).toContain('~GS*IN*123456789*CM-0042*');
    expect(after).toContain('~N1*SE*');
    expect(after).toMatch(/~N1\*SE\*[^~]*\*1\*123456789~N1\*ST\*Corner Mart #\d+\*ZZ\*CM-0042~/);
    // New partner ids are a new file for the store: the next number, a replacement.
    expect(controlOf(after)).toBe(controlOf(before) + 1);
    expect(controls(after).purpose).toBe('05');

    // A change that leaves the EDI fields out keeps them.
    const kept = await t.call('PATCH', '/api/supplier/update/', { id, ...fields }, t.adminToken);
    expect(kept.json().biller).toMatchObject({ ediId: '123456789', ediQualifier: '01' });
    const reset = { id, ...fields, ediId: '', ediQualifier: 'ZZ' };
    expect((await t.call('PATCH', '/api/supplier/update/', reset, t.adminToken)).statusCode).toBe(200);
  });

  it.each([
    [{ ediId: '12345678', ediQualifier: '01' }, 'ediId must be 9 digits for a DUNS number (01)'],
    [
      { ediId: '214-555-0134', ediQualifier: '12' },
      'ediId must be 10 digits for a phone number (12), without spaces or dashes',
    ],
    [{ ediId: 'X', ediQualifier: 'ZZ' }, 'ediId must be 2 to 15 letters, digits or dashes'],
    [{ ediId: 'QUICKSTOP-000004', ediQualifier: 'ZZ' }, 'ediId must be 2 to 15 letters, digits or dashes'],
    [{ ediId: 'AB*CD', ediQualifier: 'ZZ' }, 'ediId must be 2 to 15 letters, digits or dashes'],
    [{ ediId: 'ABCD', ediQualifier: '14' }, 'ediQualifier'],
  ])('refuses %o on a customer and a biller (400)', async (edi, message) => {
    for (const url of ['/api/customer/new/', '/api/supplier/new/']) {
      const res = await t.call('POST', url, { company: 'Bad EDI', ...edi }, t.adminToken);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('a change sends the id and its qualifier together; unknown records are 404, a user may not change billers', async () => {
    const res = await t.call(
      'PATCH',
      '/api/customer/update/',
      { id: 1, company: 'X', ediId: '123456789' },
      t.adminToken,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('ediQualifier is required when ediId is sent');
    const missing = await t.call(
      'PATCH',
      '/api/customer/update/',
      { id: 999_999, company: 'X', ediId: 'AB', ediQualifier: 'ZZ' },
      t.adminToken,
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe('migration 0038: control numbers start after those of files sent before', () => {
  it('every biller starts after the highest invoice number or id', async () => {
    const { db } = t.database;
    await db.execute(sql`delete from edi_control_numbers`);
    await db.execute(sql`update invoices set invoice_no = 'Invoice/5000123' where id = (select min(id) from invoices)`);
    const migration = readFileSync(new URL('../../db/migrations/0038_edi_documents.sql', import.meta.url), 'utf8');
    const seed = migration.split('--> statement-breakpoint').at(-1) as string;
    await db.execute(sql.raw(seed));
    const seeded = await rows<{ biller_id: number; last_control: number }>(
      sql`select biller_id, last_control from edi_control_numbers order by biller_id`,
    );
    expect(seeded.length).toBeGreaterThanOrEqual(2);
    expect(new Set(seeded.map((r) => r.last_control))).toEqual(new Set([5000123]));
    const invoice = await invoiceOf(2);
    expect(controlOf(await download(invoice.id))).toBe(5000124);
  });
});
