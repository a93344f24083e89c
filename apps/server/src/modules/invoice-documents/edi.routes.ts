import { type InvoiceDocument, invoiceEdiCalls } from '@wd/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerCalls } from '../../lib/routes.js';
import { cstoreFile, type EdiFile, modisoftFile } from './edi-files.js';
import { loadInvoiceDocument } from './invoice-document.js';

/** The two EDI downloads (docs/edi.md): the file's bytes as an attachment with its name. */
export async function ediRoutes(app: FastifyInstance) {
  const download = async (id: number, reply: FastifyReply, file: (doc: InvoiceDocument) => EdiFile) => {
    const { filename, contentType, data } = file(await loadInvoiceDocument(app.ctx.db, id));
    reply.type(contentType).header('content-disposition', `attachment; filename="${filename}"`);
    return data;
  };
  registerCalls(app, invoiceEdiCalls, {
    modisoft: ({ params, reply }) => download(params.id, reply, modisoftFile),
    cstore: ({ params, reply }) => download(params.id, reply, cstoreFile),
  });
}
