import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart, testApp } from '../../test/helpers.js';
import { invoiceCalls } from '../../test/invoices.js';
import { barcodePng } from '../modules/barcodes/barcode-image.js';
import { STORED_FILE_CSP } from './send-file.js';
import { checkHeifBoxes, checkImage, NOT_MULTIPART, NOT_READABLE } from './uploads.js';

const t = testApp();
const { newInvoice } = invoiceCalls(() => t);

const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let png: Buffer;
let jpeg: Buffer;
let webp: Buffer;
let heic: Buffer;

/** One ISO BMFF box: size, type, content. */
function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/** The AVIF sharp writes, relabelled as HEIC: libheif's real box layout (ftyp, meta with iloc, mdat). */
function asHeic(avif: Buffer): Buffer {
  const copy = Buffer.from(avif);
  copy.write('heic', 8, 'latin1');
  return copy;
}

async function rejects(data: Buffer, type: string) {
  await expect(checkImage(data, type)).rejects.toMatchObject({ statusCode: 415, message: NOT_READABLE });
}

beforeAll(async () => {
  png = await barcodePng('UPLOAD-1', 'code128');
  const picture = sharp({ create: { width: 48, height: 32, channels: 3, background: '#3366cc' } });
  jpeg = await picture.clone().jpeg().toBuffer();
  webp = await picture.clone().webp().toBuffer();
  heic = asHeic(await picture.clone().avif().toBuffer());
});

describe('checking the whole image', () => {
  it('takes real JPEG, PNG, WebP and HEIC images', async () => {
    await checkImage(png, 'image/png');
    await checkImage(jpeg, 'image/jpeg');
    await checkImage(webp, 'image/webp');
    await checkImage(heic, 'image/heic');
    expect(checkHeifBoxes(heic)).toBe(true);
  });

  it('refuses a PNG signature followed by HTML, and HTML behind a JPEG or WebP start', async () => {
    await rejects(Buffer.concat([PNG_SIGNATURE, HTML]), 'image/png');
    await rejects(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), HTML]), 'image/jpeg');
    const riff = Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1');
    riff.writeUInt32LE(HTML.length + 8, 4);
    await rejects(Buffer.concat([riff, HTML]), 'image/webp');
  });

  it('refuses a damaged (truncated) image', async () => {
    await rejects(jpeg.subarray(0, jpeg.length - 40), 'image/jpeg');
    await rejects(png.subarray(0, png.length - 30), 'image/png');
    await rejects(webp.subarray(0, webp.length - 10), 'image/webp');
  });

  it('refuses a valid PNG or WebP with a page appended after its end', async () => {
    await rejects(Buffer.concat([png, HTML]), 'image/png');
    await rejects(Buffer.concat([webp, HTML]), 'image/webp');
  });

  it('walks a HEIC file: HTML after the boxes, instead of them or in place of the meta box is refused', async () => {
    const ftyp = box('ftyp', Buffer.from('heic\0\0\0\0mif1heic', 'latin1'));
    await rejects(Buffer.concat([heic, HTML]), 'image/heic');
    await rejects(Buffer.concat([ftyp, HTML]), 'image/heic');
    await rejects(Buffer.concat([ftyp, box('mdat', HTML)]), 'image/heic');
    // A meta box that is not a picture's (handler 'vide').
    const hdlr = box('hdlr', Buffer.alloc(8), Buffer.from('vide', 'latin1'), Buffer.alloc(13));
    const meta = box('meta', Buffer.alloc(4), hdlr, box('pitm', Buffer.alloc(6)), box('iinf', Buffer.alloc(6)));
    await rejects(Buffer.concat([ftyp, meta, box('mdat', HTML)]), 'image/heic');
    // A hand-made HEIF whose one item lies in its mdat is taken; pointing the item past the file's end is not.
    const made = (offsetShift: number) => {
      const data = Buffer.from('not really HEVC, but where the item says');
      const hdlrPict = box('hdlr', Buffer.alloc(8), Buffer.from('pict', 'latin1'), Buffer.alloc(13));
      const iloc = (offset: number) => {
        const content = Buffer.alloc(4 + 2 + 2 + 2 + 2 + 2 + 4 + 4);
        content.writeUInt8(0x44, 4); // offset size 4, length size 4; base offset size 0
        content.writeUInt16BE(1, 6); // one item
        content.writeUInt16BE(1, 8); // item id 1
        content.writeUInt16BE(1, 12); // one extent
        content.writeUInt32BE(offset, 14);
        content.writeUInt32BE(data.length, 18);
        return box('iloc', content);
      };
      const parts = (offset: number) => [
        ftyp,
        box(
          'meta',
          Buffer.alloc(4),
          hdlrPict,
          box('pitm', Buffer.alloc(6)),
          box('iinf', Buffer.alloc(6)),
          iloc(offset),
          box('iprp'),
        ),
      ];
      const before = Buffer.concat(parts(0)).length + 8;
      return Buffer.concat([...parts(before + offsetShift), box('mdat', data)]);
    };
    expect(checkHeifBoxes(made(0))).toBe(true);
    expect(checkHeifBoxes(made(1000))).toBe(false);
  });
});

describe('uploading', () => {
  const upload = (url: string, field: string, data: Buffer) => {
    const body = multipart([{ name: field, filename: 'photo.png', contentType: 'image/png', data }]);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...body.headers, token: t.adminToken },
      payload: body.payload,
    });
  };

  it('refuses a PNG signature followed by HTML as a logo (415) and keeps the biller without one', async () => {
    const res = await upload('/api/supplier/logo/2/', 'logo', Buffer.concat([PNG_SIGNATURE, HTML]));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: NOT_READABLE });
    expect((await t.call('GET', '/images/billers/2')).statusCode).toBe(404);
  });

  it('refuses multipart without a boundary on both payment inserts with 400 { message }', async () => {
    const invoice = await newInvoice();
    for (const url of ['/api/payment/insert/', '/api/distributorPayment/insert/']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { token: t.adminToken, 'content-type': 'multipart/form-data' },
        payload: `--x\r\nContent-Disposition: form-data; name="payment"\r\n\r\n{"invoiceID":${invoice.id}}\r\n--x--\r\n`,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ message: NOT_MULTIPART });
    }
  });

  it('refuses a multipart body cut short with 400 { message }', async () => {
    const body = multipart([{ name: 'logo', filename: 'logo.png', contentType: 'image/png', data: png }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/supplier/logo/2/',
      headers: { ...body.headers, token: t.adminToken },
      payload: body.payload.subarray(0, body.payload.length - 200),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: NOT_MULTIPART });
  });
});

/** A valid JPEG padded to exactly `size` bytes with comment segments (COM, at most 64 KiB each), which decoders skip. */
describe('serving stored files', () => {
  function expectStoredFileHeaders(res: { statusCode: number; headers: Record<string, unknown> }, name: string) {
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    expect(res.headers['content-security-policy']).toBe(STORED_FILE_CSP);
  }

  it('sends logos, cheques, resale certificates and barcode images as attachments in a sandbox, type kept', async () => {
    const upload = async (url: string, parts: Parameters<typeof multipart>[0]) => {
      const body = multipart(parts);
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...body.headers, token: t.adminToken },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    await upload('/api/supplier/logo/2/', [{ name: 'logo', filename: 'l.png', contentType: 'image/png', data: png }]);
    const logo = await t.call('GET', '/images/billers/2');
    expectStoredFileHeaders(logo, 'logo-2.png');
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(png)).toBe(true);

    const customer = (await t.call('POST', '/api/customer/new/', { company: 'Upload Market' }, t.adminToken)).json()
      .customer as { id: number };
    await upload(`/api/customer/resale_certificate/${customer.id}/`, [
      { name: 'resaleCertificate', filename: 'c.jpg', contentType: 'image/jpeg', data: jpeg },
    ]);
    const certificate = await t.call(
      'GET',
      `/files/resaleCertificates/Resale_Certificate_${customer.id}.jpg`,
      undefined,
      t.adminToken,
    );
    expectStoredFileHeaders(certificate, `Resale_Certificate_${customer.id}.jpg`);
    expect(certificate.headers['content-type']).toBe('image/jpeg');

    const invoice = await newInvoice();
    const paid = await upload('/api/payment/insert/', [
      {
        name: 'payment',
        data: JSON.stringify({
          invoiceID: invoice.id,
          date: '2026-11-21',
          paymentType: 'cheque',
          chequeNo: '77',
          amountPaid: 1,
        }),
      },
      { name: 'chequeImage', filename: 'cheque.webp', contentType: 'image/webp', data: webp },
    ]);
    const ref = paid.payment.referenceNo as string;
    const cheque = await t.call('GET', `/images/cheques/${ref}.jpg`, undefined, t.adminToken);
    expectStoredFileHeaders(cheque, `${ref}.webp`);
    expect(cheque.headers['content-type']).toBe('image/webp');

    const barcode = await t.call('GET', '/images/barcodes/036000291452.png');
    expectStoredFileHeaders(barcode, '036000291452.png');
    expect(barcode.headers['content-type']).toBe('image/png');
  });

  it('keeps every answer of a file route (a 404 too, any route added later) in the sandbox', async () => {
    for (const url of ['/images/cheques/PAY-999999.jpg', '/images/receipts/RCPT-999999.jpg', '/images/billers/999']) {
      const res = await t.call('GET', url, undefined, t.adminToken);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: expect.any(String) });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toBe(STORED_FILE_CSP);
    }
  });
});
