import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The Content-Security-Policy of every answer (the app, the API, the assets,
 * the API reference; stored files answer a stricter one, see lib/send-file.ts).
 * Scripts only from this origin; the only inline ones are those of the
 * built index.html (the frame it paints before the app's scripts arrive),
 * each allowed by its hash (`inlineScriptHashes`), none other. Styles may be inline because
 * Mantine writes its CSS variables into a <style> element and the print views
 * write their @page rule into one. Images include blob: (a cheque or
 * certificate is fetched with the token and shown from a blob URL) and data:.
 * No upgrade-insecure-requests: the app is also reached over plain http on a
 * shop's network. docs/security.md.
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Powerful browser features the app never uses are off for every origin; the
 * camera stays allowed for this origin (the cheque and resale certificate
 * uploads take a photo: `<input capture>`; the driver's screens scan barcodes
 * with it), and so does the location (a proof of delivery records where the
 * goods were received, when the driver's phone allows it).
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=(self)',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'screen-wake-lock=()',
  'xr-spatial-tracking=()',
  'publickey-credentials-get=()',
  'browsing-topics=()',
].join(', ');

/** The CSP source (`'sha256-…'`) of each inline script (one without `src`) of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || !body.trim()) continue;
    // A browser hashes the script as parsed, with line breaks normalised to LF.
    const text = body.replace(/\r\n?/g, '\n');
    hashes.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * Security headers on every answer: helmet's set, our CSP and Permissions-Policy, HSTS only over
 * https. `webRoot`: the built web app, whose index.html's inline scripts the CSP allows by hash.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { webRoot?: string } = {}) => {
  const index = opts.webRoot ? join(opts.webRoot, 'index.html') : undefined;
  const inline = index && existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...CSP_DIRECTIVES, 'script-src': [...CSP_DIRECTIVES['script-src'], ...inline] },
    },
    // Over plain http a browser ignores it; over https it is sent below.
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // request.protocol follows X-Forwarded-Proto only with TRUST_PROXY.
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
  });
});
