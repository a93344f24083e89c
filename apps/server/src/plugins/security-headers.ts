import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The Content-Security-Policy of every answer (the app, the API, the assets,
 * the API reference; stored files answer a stricter one, see lib/send-file.ts).
 * Scripts only from this origin, never inline; styles may be inline because
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

/** Security headers on every answer: helmet's set, our CSP and Permissions-Policy, HSTS only over https. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
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
