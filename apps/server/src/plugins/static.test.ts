import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticPlugin } from './static.js';

// A built web app as `vite build` leaves it: hashed assets with .br and .gz beside them.
const root = mkdtempSync(join(tmpdir(), 'wd-static-'));
const script = Buffer.from(
  `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "Row ${i}" }`).join(', ')}];\n`,
);
const app = Fastify();

beforeAll(async () => {
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(root, 'assets', 'index-AbC123.js'), script);
  writeFileSync(join(root, 'assets', 'index-AbC123.js.br'), brotliCompressSync(script));
  writeFileSync(join(root, 'assets', 'index-AbC123.js.gz'), gzipSync(script));
  await app.register(staticPlugin, { root });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('static web app', () => {
  it('sends a built asset brotli-compressed to a browser that accepts br, cached for good', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.rawPayload.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(res.rawPayload).equals(script)).toBe(true);
  });

  it('sends gzip to a browser without br and the plain file to one without either', async () => {
    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(script)).toBe(true);
    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(script)).toBe(true);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps index.html revalidating, for the root and for a client route', async () => {
    for (const url of ['/', '/invoices']) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers a HEAD of the root or a client route like its GET, without a body (uptime checks)', async () => {
    for (const url of ['/', '/invoices']) {
      const res = await app.inject({ method: 'HEAD', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toBe('');
    }
  });
});
