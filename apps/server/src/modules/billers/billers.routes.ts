import { BILLER_CSV, billerCalls, idParams } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvExportHandler } from '../../lib/export.js';
import { registerCalls, softDeleteHandlers } from '../../lib/routes.js';
import { sendStoredFile } from '../../lib/send-file.js';
import { billersRepository } from './billers.repository.js';
import { createBillersService } from './billers.service.js';

export async function billersRoutes(app: FastifyInstance) {
  const service = createBillersService(app.ctx);
  registerCalls(app, billerCalls, {
    ...softDeleteHandlers('biller', service),
    export: csvExportHandler(app.ctx, 'billers', BILLER_CSV, billersRepository.csvQuery),
    setLogo: async ({ params, file, user }) => ({ biller: await service.setLogo(params.id, file!, user) }),
  });
}

/** GET /images/billers/{id}: the logo, public like any image an invoice shows. */
export const billerLogoRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createBillersService(app.ctx);
  app.get('/images/billers/:id', { schema: { hide: true, params: idParams } }, async (req, reply) => {
    const file = await service.logo(req.params.id);
    return sendStoredFile(reply, file, `logo-${req.params.id}`, 'public, max-age=31536000, immutable');
  });
};
