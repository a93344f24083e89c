import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../test/catalog.js';
import { testApp } from '../../test/helpers.js';
import { invoiceCalls } from '../../test/invoices.js';

// A built web app beside the API: one hashed asset with its precompressed copies.
const webDist = mkdtempSync(join(tmpdir(), 'wd-compress-'));
const script = Buffer.from(`export const rows = [${Array.from({ length: 300 }, (_, i) => `"Row ${i}"`).join(',')}];\n`);
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(join(webDist, 'assets', 'app-Zz9.js'), script);
writeFileSync(join(webDist, 'assets', 'app-Zz9.js.br'), brotliCompressSync(script));
writeFileSync(join(webDist, 'assets', 'app-Zz9.js.gz'), gzipSync(script));

const t = testApp({ webDist });
const { newInvoice, addLine } = invoiceCalls(() => t);
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const listProducts = (encoding?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/product/all/',
    payload: { pageSize: 100 },
    headers: { token: t.adminToken, ...headers, ...(encoding ? { 'accept-encoding': encoding } : {}) },
  });

beforeAll(async () => {
  // Enough products for a list answer well above 1 KB.
  for (let i = 0; i < 30; i++) await createProduct(t, { name: `Compression Cola ${i} 12 oz can` });
});

describe('API answers are compressed', () => {
  it('a list travels brotli-compressed to a client that accepts br, and decodes to the plain answer', async () => {
    const plain = await listProducts();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await listProducts('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['content-type']).toContain('application/json');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('gzip for a client that accepts only gzip', async () => {
    const plain = await listProducts();
    const gz = await listProducts('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('an answer under 1 KB is sent as it is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: expect.any(String) });
  });

  it('a PDF is not compressed again', async () => {
    const invoice = await newInvoice();
    const product = await createProduct(t, { sellingPrice: 3.5 });
    await addLine(invoice.id, product.id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/invoice/pdf/${invoice.id}/`,
      headers: { token: t.adminToken, 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a replayed write (same Idempotency-Key) answers the same body, compressed or not', async () => {
    const key = `compress-${Date.now()}`;
    // The settings answer holds the e-mail message: well above 1 KB, so the first answer is compressed.
    const body = { emailMessage: `Dear {customer},\n\n${'Thank you for your order. '.repeat(60)}\n\n{biller}` };
    const patch = (encoding?: string) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/settings/update/',
        payload: body,
        headers: { token: t.adminToken, 'idempotency-key': key, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
    const first = await patch('br');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const firstJson = JSON.parse(brotliDecompressSync(first.rawPayload).toString());
    expect(firstJson.settings.emailMessage).toBe(body.emailMessage);

    const replayPlain = await patch();
    expect(replayPlain.headers['idempotent-replayed']).toBe('true');
    expect(replayPlain.headers['content-encoding']).toBeUndefined();
    expect(replayPlain.json()).toEqual(firstJson);
    const replayGzip = await patch('gzip');
    expect(replayGzip.headers['idempotent-replayed']).toBe('true');
    expect(replayGzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(replayGzip.rawPayload).toString())).toEqual(firstJson);
  });
});

describe('built assets beside the API', () => {
  it('a precompressed asset is sent as its .br file, not compressed twice', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-Zz9.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).equals(script)).toBe(true);
  });
});
