import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A stored or rendered file: its bytes and the type recognised from its content. */
export interface SentFile {
  data: Buffer;
  contentType: string;
}

/**
 * What a stored file answers with beside its bytes (docs/security.md
 * "Serving files"): the browser may show it in an <img> but never renders it
 * as a page. `nosniff` keeps the recognised type; `attachment` makes opening
 * the address directly a download; the sandbox CSP stops any script or
 * request should a browser render it all the same.
 */
export const STORED_FILE_CSP = "sandbox; default-src 'none'; frame-ancestors 'none'";

/**
 * Sends a stored file (biller logo, cheque photo, resale certificate, barcode
 * image) with the headers above. `name` is the download's file name without
 * its extension, which follows the type (ASCII letters, digits, `-` and `_`
 * are kept); `cache` is its cache-control.
 */
export function sendStoredFile(reply: FastifyReply, file: SentFile, name: string, cache: string) {
  const extension = file.contentType === 'image/jpeg' ? 'jpg' : file.contentType.replace(/^.*\//, '');
  const safeName = `${name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 100) || 'file'}.${extension.replace(/[^a-z0-9]/g, '')}`;
  return reply
    .type(file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename="${safeName}"`)
    .header('content-security-policy', STORED_FILE_CSP)
    .header('cache-control', cache)
    .send(file.data);
}

/**
 * A document made for this request (a report's CSV, a statement's PDF, a list's
 * streamed export) as a download under its name, never cached.
 */
export function sendDownload<B extends Buffer | Readable>(
  reply: FastifyReply,
  contentType: string,
  fileName: string,
  body: B,
) {
  reply
    .type(contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store');
  return body;
}
