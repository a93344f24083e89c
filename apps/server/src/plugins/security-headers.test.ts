import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/helpers.js';
import { inlineScriptHashes, securityHeadersPlugin } from './security-headers.js';

// A built web app: index.html and one hashed asset.
const webDist = mkdtempSync(join(tmpdir(), 'wd-headers-'));
mkdirSync(join(webDist, 'assets'));
// Its inline script is allowed by hash (sha256 of `var x = 1;`, computed with openssl); the module script has a src.
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><div id="root"></div><script>var x = 1;</script><script type="module" src="/assets/index-AbC123.js"></script>',
);
const INLINE_HASH = "'sha256-9nfWt3DNT14o+tZCP3YilfLwTrhLI98eqbN689B7ajY='";
writeFileSync(join(webDist, 'assets', 'index-AbC123.js'), 'export {};\n');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const t = testApp({ webDist });

/** The CSP's directives by name. */
function directives(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );
}

function expectSecurityHeaders(res: { headers: Record<string, unknown> }, what: string) {
  const csp = directives(res.headers['content-security-policy']);
  expect(csp['script-src'], what).toEqual(["'self'", INLINE_HASH]);
  expect(csp['default-src'], what).toEqual(["'self'"]);
  expect(csp['object-src'], what).toEqual(["'none'"]);
  expect(csp['frame-ancestors'], what).toEqual(["'none'"]);
  expect(csp['upgrade-insecure-requests'], what).toBeUndefined();
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
  const permissions = String(res.headers['permissions-policy']);
  expect(permissions, what).toContain('camera=(self)');
  expect(permissions, what).toContain('geolocation=(self)');
  for (const feature of ['microphone=()', 'payment=()', 'usb=()']) {
    expect(permissions, what).toContain(feature);
  }
  // Plain http: no HSTS (it would be ignored, and pins a host that may never serve https).
  expect(res.headers['strict-transport-security'], what).toBeUndefined();
}

describe('security headers', () => {
  it('are on the app, a client route, the assets, the API, its errors and the API reference', async () => {
    const pages: [string, string?][] = [
      ['/'],
      ['/invoices'],
      ['/assets/index-AbC123.js'],
      ['/api/health'],
      ['/api/openapi.json'],
      ['/api/docs'],
      ['/api/docs/static/index.html'],
      ['/api/docs/static/swagger-ui.css'],
      ['/api/docs/static/swagger-initializer.js'],
      ['/api/nothing-here'],
      ['/assets/missing.js'],
    ];
    for (const [url] of pages) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
      expectSecurityHeaders(res, url);
    }
    const unauthorized = await t.call('POST', '/api/product/all/', {});
    expect(unauthorized.statusCode).toBe(401);
    expectSecurityHeaders(unauthorized, 'a 401');
    const list = await t.call('POST', '/api/product/all/', {}, t.adminToken);
    expect(list.statusCode).toBe(200);
    expectSecurityHeaders(list, 'an API answer');
  });

  it('let styles be inline (Mantine, the print views) but never scripts', async () => {
    const csp = directives((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp['connect-src']).toEqual(["'self'"]);
  });

  it('keep the API reference working: its page loads only scripts from this origin, none inline', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const scripts = [...res.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\/api\/docs\/static\/[\w.-]+\.js"/);
      expect(body.trim()).toBe('');
    }
    for (const [, src] of res.body.matchAll(/src="(\/api\/docs\/static\/[\w.-]+\.js)"/g)) {
      const script = await t.app.inject({ method: 'GET', url: src });
      expect(script.statusCode, src).toBe(200);
      expect(script.headers['content-type'], src).toContain('javascript');
    }
  });
});

describe('inlineScriptHashes', () => {
  it('hashes each inline script as written, not those with a src nor empty ones', () => {
    const html = `<script>var x = 1;</script><script type="module" src="/a.js"></script><script> </script>
<SCRIPT type="text/javascript">var x = 1;</SCRIPT>`;
    expect(inlineScriptHashes(html)).toEqual([INLINE_HASH, INLINE_HASH]);
    expect(inlineScriptHashes('<script>var x = 2;</script>')).not.toEqual([INLINE_HASH]);
    expect(inlineScriptHashes('<div></div>')).toEqual([]);
    // Line breaks as the browser parses them: CRLF hashes as LF.
    expect(inlineScriptHashes('<script>var x = 1;\r\n</script>')).toEqual(
      inlineScriptHashes('<script>var x = 1;\n</script>'),
    );
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent only over https: behind a trusted proxy that says so, never over plain http', async () => {
    const app = Fastify({ trustProxy: true });
    await app.register(securityHeadersPlugin);
    app.get('/', () => ({ ok: true }));
    await app.ready();
    const https = await app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000');
    const http = await app.inject({ method: 'GET', url: '/' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    expect(http.headers['x-content-type-options']).toBe('nosniff');
    await app.close();
  });
});
