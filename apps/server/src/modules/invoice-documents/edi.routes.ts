import { type InvoiceDocument, invoiceEdiCalls } from '@wd/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerCalls } from '../../lib/routes.js';
import { cstoreFile, type EdiFile, modisoftFile } from './edi-files.js';
import { issueCstore } from './edi-issue.js';
import { loadInvoiceDocument } from './invoice-document.js';

/**
 * The two EDI downloads (docs/edi.md): the file's bytes as an attachment with its name. The X12
 * file is issued: the same content keeps its control number, a changed one takes the next.
 */
export async function ediRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const download = async (id: number, reply: FastifyReply, file: (doc: InvoiceDocument) => Promise<EdiFile>) => {
    const { filename, contentType, data } = await file(await loadInvoiceDocument(db, id));
    reply.type(contentType).header('content-disposition', `attachment; filename="${filename}"`);
    return data;
  };
  registerCalls(app, invoiceEdiCalls, {
    modisoft: ({ params, reply }) => download(params.id, reply, async (doc) => modisoftFile(doc)),
    cstore: ({ params, reply }) =>
      download(params.id, reply, async (doc) => cstoreFile(doc, await issueCstore(db, doc))),
  });
}
