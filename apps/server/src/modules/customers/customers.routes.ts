import { CUSTOMER_CSV, customerCalls, MAX_INT, PARTY_MESSAGES } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvExportHandler } from '../../lib/export.js';
import { registerCalls, softDeleteHandlers } from '../../lib/routes.js';
import { sendStoredFile } from '../../lib/send-file.js';
import { customersRepository } from './customers.repository.js';
import { createCustomersService } from './customers.service.js';

export async function customersRoutes(app: FastifyInstance) {
  const service = createCustomersService(app.ctx);
  registerCalls(app, customerCalls, {
    ...softDeleteHandlers('customer', service),
    export: csvExportHandler(app.ctx, 'customers', CUSTOMER_CSV, customersRepository.csvQuery),
    signResaleCertificate: async ({ params, file, user }) => ({
      customer: await service.signResaleCertificate(params.id, file!, user),
    }),
    resaleCertificatePdf: async ({ params, reply }) => {
      const pdf = await service.resaleCertificatePdf(params.id);
      reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="Resale_Certificate_${params.id}.pdf"`);
      return pdf;
    },
  });
}

/** GET /files/resaleCertificates/Resale_Certificate_{id}.jpg: the stored image, for signed-in users only. */
export const resaleCertificateFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCustomersService(app.ctx);
  app.get(
    '/files/resaleCertificates/:file',
    { config: { auth: 'user' }, schema: { hide: true, params: z.object({ file: z.string().max(100) }) } },
    async (req, reply) => {
      const match = /^Resale_Certificate_(\d+)(\.\w+)?$/.exec(req.params.file);
      // An id no customer can have (past the 32-bit id column) has no certificate either.
      if (!match || Number(match[1]) > MAX_INT) {
        return reply.status(404).send({ message: PARTY_MESSAGES.noResaleCertificate });
      }
      const file = await service.resaleCertificateImage(Number(match[1]));
      return sendStoredFile(reply, file, `Resale_Certificate_${match[1]}`, 'private, no-store');
    },
  );
};
