import { parse } from 'csv-parse/sync';
import { type X12Interchange, X12Parser } from 'node-x12';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { documentFixture } from '../../../test/documents.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';
import { MODISOFT_COLUMNS } from './edi-modisoft.js';

const t = testApp();
const get = (url: string, token: string | null = t.adminToken) => t.call('GET', url, undefined, token);

describe('GET invoice/edi/modisoft/{id} (EDI MS)', () => {
  it('downloads the CSV: one row per line, the columns, ExtendedCost summing to the amount', async () => {
    const { invoice, customer, products } = await documentFixture(t);
    const number = invoice.invoiceNo.replace('Invoice/', '');
    const res = await get(`/api/invoice/edi/modisoft/${invoice.id}/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Invoice_${number}_EDI_MS.csv"`);
    expect(res.body.split('\r\n')).toHaveLength(5);
    const rows: Record<string, string>[] = parse(res.rawPayload, { columns: true });
    expect(rows).toHaveLength(3);
    expect(Object.keys(rows[0])).toEqual([...MODISOFT_COLUMNS]);
    expect(rows[0]).toMatchObject({
      InvoiceNo: number,
      CustomerAccount: String(customer.id),
      UPC: products.cola.barcode,
      Description: products.cola.name,
      Quantity: '3',
      UnitsPerCase: '24',
      UnitCost: '2.50',
      RetailPrice: '3.49',
      ExtendedCost: '7.50',
    });
    expect(rows[0].InvoiceDate).toMatch(/^\d\d\/\d\d\/\d{4}$/);
    // The chips' name has quotes: quoted and doubled in the file, read back as it was.
    expect(rows[1].Description).toBe(products.chips.name);
    expect(res.body).toContain(`"${products.chips.name.replaceAll('"', '""')}"`);
    expect(rows[2]).toMatchObject({ Quantity: '-1', ExtendedCost: '-1.99' });
    const cents = rows.reduce((sum, r) => sum + Math.round(Number(r.ExtendedCost) * 100), 0);
    expect(cents).toBe(1401);
  });
});

describe('GET invoice/edi/cstore/{id} (EDI C)', () => {
  it('downloads the X12 810: envelope, control numbers, counts and totals parse back', async () => {
    const { invoice, customer } = await documentFixture(t);
    const number = invoice.invoiceNo.replace('Invoice/', '');
    const res = await get(`/api/invoice/edi/cstore/${invoice.id}/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/edi-x12');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Invoice_${number}_EDI_C.x12"`);
    expect(res.body.indexOf('~') + 1).toBe(106);
    const interchange = new X12Parser(true).parse(res.body) as X12Interchange;
    // The control number is the biller's next (edi-issue.test.ts), written the same in every envelope.
    const raw = res.body.split('~').map((segment) => segment.split('*'));
    const control = raw[0][13];
    expect(control).toMatch(/^\d{9}$/);
    const number9 = String(Number(control));
    // Partner ids: the record ids zero-padded to 6 digits (never shorter than X12 allows).
    expect(interchange.header.valueOf(6)).toBe('000002'.padEnd(15));
    expect(interchange.header.valueOf(8)).toBe(String(customer.id).padStart(6, '0').padEnd(15));
    // The parser reads ISA13 and IEA02 as numbers (and, strict, checks they match, as GE02 = GS06 and SE01);
    // the file itself carries them zero-padded to 9.
    expect([interchange.header.valueOf(13), interchange.trailer.valueOf(2)]).toEqual([number9, number9]);
    expect(raw.at(-2)?.[2]).toBe(control);
    const group = interchange.functionalGroups[0];
    // GS06/GE02 are numeric without leading zeros; ST02/SE02 the 9 digits.
    expect(group.header.valueOf(6)).toBe(number9);
    expect(group.trailer.valueOf(2)).toBe(number9);
    expect(group.header.valueOf(8)).toBe('004010');
    const set = group.transactions[0];
    expect(set.header.valueOf(1)).toBe('810');
    expect([set.header.valueOf(2), set.trailer.valueOf(2)]).toEqual([control, control]);
    // SE01 counts ST to SE inclusive; the parser keeps ST and SE apart from the body.
    expect(Number(set.trailer.valueOf(1))).toBe(set.segments.length + 2);
    const it1 = set.segments.filter((s) => s.tag === 'IT1');
    expect(it1.map((s) => s.valueOf(2))).toEqual(['3', '2', '-1']);
    const seg = (tag: string) => set.segments.find((s) => s.tag === tag);
    expect([seg('CTT')?.valueOf(1), seg('CTT')?.valueOf(2)]).toEqual(['3', '4']);
    // The amount (16.00 − 1.99) in cents, not the balance (9.01).
    expect(seg('TDS')?.valueOf(1)).toBe('1401');
    expect(seg('BIG')?.valueOf(2)).toBe(number);
    expect(seg('BIG')?.valueOf(7)).toBeFalsy();
    // The first file of the invoice: purpose 00, original.
    expect(seg('BIG')?.valueOf(8)).toBe('00');
  });

  it('marks a credit-only walk-in invoice CR, customer id 0, negative TDS', async () => {
    const calls = invoiceCalls(() => t);
    const product = await createProduct(t, { sellingPrice: 2.5 });
    const invoice = await calls.newInvoice();
    await calls.setInvoice(invoice.id, { billerID: 2 });
    const line = await calls.addLine(invoice.id, product.id);
    const body = { id: line.id, invoiceID: invoice.id, quantity: -2 };
    expect((await t.call('PATCH', '/api/invoice/update/item/', body, t.adminToken)).statusCode).toBe(200);
    const res = await get(`/api/invoice/edi/cstore/${invoice.id}/`);
    expect(res.statusCode, res.body).toBe(200);
    const set = (new X12Parser(true).parse(res.body) as X12Interchange).functionalGroups[0].transactions[0];
    const seg = (tag: string) => set.segments.find((s) => s.tag === tag);
    expect(seg('BIG')?.valueOf(7)).toBe('CR');
    expect(seg('TDS')?.valueOf(1)).toBe('-500');
    expect(seg('IT1')?.valueOf(2)).toBe('-2');
    expect(set.segments.filter((s) => s.tag === 'N1').map((s) => s.valueOf(4))).toEqual(['000002', '000000']);
    const csv: Record<string, string>[] = parse((await get(`/api/invoice/edi/modisoft/${invoice.id}/`)).rawPayload, {
      columns: true,
    });
    expect(csv.map((r) => [r.CustomerAccount, r.Quantity, r.ExtendedCost])).toEqual([['0', '-2', '-5.00']]);
  });
});

describe('EDI downloads', () => {
  it.each(['modisoft', 'cstore'])('%s: identical bytes on every download', async (format) => {
    const { invoice } = await documentFixture(t);
    const first = await get(`/api/invoice/edi/${format}/${invoice.id}/`);
    const second = await get(`/api/invoice/edi/${format}/${invoice.id}/`);
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.equals(second.rawPayload)).toBe(true);
  });

  it.each(['modisoft', 'cstore'])('%s: 404 unknown invoice, 400 bad id, 401 without a token', async (format) => {
    const missing = await get(`/api/invoice/edi/${format}/999999/`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("The invoice doesn't exist");
    expect((await get(`/api/invoice/edi/${format}/abc/`)).statusCode).toBe(400);
    expect((await get(`/api/invoice/edi/${format}/1/`, null)).statusCode).toBe(401);
  });

  it('answers any signed-in user, not only admins', async () => {
    const { invoice } = await documentFixture(t);
    const { token } = await t.createUser(`edi-clerk-${invoice.id}`);
    expect((await get(`/api/invoice/edi/cstore/${invoice.id}/`, token)).statusCode).toBe(200);
  });
});
