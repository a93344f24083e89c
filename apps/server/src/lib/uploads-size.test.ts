import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Call, callPath, MAX_UPLOAD_BYTES } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart, testApp } from '../../test/helpers.js';
import { table } from '../../test/hostile-input.js';
import { invoiceCalls } from '../../test/invoices.js';
import { checkImage, TOO_LARGE } from './uploads.js';

// An upload over 10 MB is a 413 before its content is looked at, on every multipart call.
const t = testApp();
const { newInvoice } = invoiceCalls(() => t);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();
});

function jpegOfSize(size: number): Buffer {
  const segments: Buffer[] = [];
  let need = size - jpeg.length;
  while (need > 0) {
    let n = Math.min(need, 0xffff + 2);
    if (need - n > 0 && need - n < 4) n -= 4;
    const segment = Buffer.alloc(n, 0x20);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(n - 2, 2);
    segments.push(segment);
    need -= n;
  }
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

describe('the size limit comes before the content', () => {
  /** Every multipart call of the table of calls (any added later too), with a file that starts like what it takes. */
  const uploads = table.filter(([, call]) => call.multipart);
  const start = { image: PNG_SIGNATURE, pdf: Buffer.from('%PDF-1.7\n'), csv: Buffer.from('name,barcode\n') };
  /** A file of `size` bytes: the start, then text for a CSV (NUL bytes would make it no CSV) or zeros. */
  const fileOf = (call: Call, size: number) => {
    const accept = call.multipart?.accept ?? 'image';
    const head = start[accept];
    return Buffer.concat([head, Buffer.alloc(size - head.length, accept === 'csv' ? 'x' : 0)]);
  };
  /** The JSON text part a call takes besides its file, so that the size is the only thing wrong. */
  const jsonPart = (call: Call, invoiceId: number) => {
    const json = call.multipart?.json;
    if (!json) return [];
    const value =
      json === 'options'
        ? {}
        : json === 'receipt'
          ? { customerID: 1, date: '2026-11-21', paymentType: 'cash', amountPaid: 1, shares: [] }
          : { invoiceID: invoiceId, date: '2026-11-21', paymentType: 'cash', amountPaid: 1 };
    return [{ name: json, data: JSON.stringify(value) }];
  };
  const urlOf = (call: Call) =>
    `/api/${callPath(call, new Proxy({}, { get: (_, name) => (name === 'kind' ? 'products' : 1) }))}`;
  /**
   * The body in two writes, split where the file reaches the limit: the head and the first
   * MAX_UPLOAD_BYTES bytes, then (a moment later) the byte past the limit and the closing boundary.
   * A client streaming the file in pieces sends this; the parser then flags the file as cut short
   * only after its last kept byte was read, and the check used to see a file of exactly 10 MB.
   */
  const splitAtTheLimit = (payload: Buffer, file: Buffer) => {
    const cut = payload.indexOf(file.subarray(0, 16)) + MAX_UPLOAD_BYTES;
    return Readable.from(
      (async function* () {
        yield payload.subarray(0, cut);
        await sleep(2);
        yield payload.subarray(cut);
      })(),
    );
  };
  const stored = async () => {
    const result = (await t.database.db.execute(
      sql`select (select count(*) from payments)::text || '/' || (select count(*) from distributor_payments)::text
        || '/' || (select count(*) from files)::text as n`,
    )) as unknown as { rows: { n: string }[] };
    return result.rows[0].n;
  };

  it('covers every multipart call', () => {
    expect(uploads.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'billerCalls.setLogo',
        'customerCalls.signResaleCertificate',
        'importCalls.preview',
        'importCalls.refused',
        'importCalls.run',
        'invoiceMailCalls.send',
        'paymentCalls.create',
        'receiptCalls.create',
        'supplierPaymentCalls.create',
      ]),
    );
  });

  it.each(uploads)('%s answers 413 to a file of 10 MB + 1 byte, every time, however it arrives', async (_, call) => {
    const invoice = await newInvoice();
    const file = fileOf(call, MAX_UPLOAD_BYTES + 1);
    const before = await stored();
    const answers: string[] = [];
    for (let i = 0; i < 20; i++) {
      const body = multipart([
        ...jsonPart(call, invoice.id),
        { name: call.multipart?.file ?? '', filename: 'big.bin', contentType: 'image/png', data: file },
      ]);
      const res = await t.app.inject({
        method: call.method,
        url: urlOf(call),
        headers: { ...body.headers, token: t.adminToken },
        // Half the time in the two writes that used to get a 415, half the time at once.
        payload: i % 2 === 0 ? splitAtTheLimit(body.payload, file) : body.payload,
      });
      answers.push(`${res.statusCode} ${res.json().message}`);
    }
    expect(answers).toEqual(Array(20).fill(`413 ${TOO_LARGE}`));
    expect(await stored()).toBe(before);
  });

  it('takes an image of exactly 10 MB sent in two writes, and refuses one byte more (413)', async () => {
    const send = (data: Buffer) => {
      const body = multipart([{ name: 'logo', filename: 'logo.jpg', contentType: 'image/jpeg', data }]);
      return t.app.inject({
        method: 'POST',
        url: '/api/supplier/logo/2/',
        headers: { ...body.headers, token: t.adminToken },
        payload: splitAtTheLimit(body.payload, data),
      });
    };
    const exact = jpegOfSize(MAX_UPLOAD_BYTES);
    await checkImage(exact, 'image/jpeg');
    const res = await send(exact);
    expect(res.statusCode, res.body).toBe(200);
    const logo = await t.call('GET', res.json().biller.logo);
    expect(logo.rawPayload.equals(exact)).toBe(true);
    const tooBig = await send(jpegOfSize(MAX_UPLOAD_BYTES + 1));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: TOO_LARGE });
  });
});
