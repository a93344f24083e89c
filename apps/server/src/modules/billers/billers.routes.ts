import { billerCalls, idParams } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCalls } from '../../lib/routes.js';
import { createBillersService } from './billers.service.js';

export async function billersRoutes(app: FastifyInstance) {
  const service = createBillersService(app.ctx);
  registerCalls(app, billerCalls, {
    list: ({ body }) => service.list(body),
    listDeleted: ({ body }) => service.list(body, true),
    create: async ({ body, user }) => ({ biller: await service.create(body, user) }),
    update: async ({ body, user }) => ({ biller: await service.update(body, user) }),
    setLogo: async ({ params, file, user }) => ({ biller: await service.setLogo(params.id, file!, user) }),
    deleteOne: ({ params, user }) => service.delete([params.id], user),
    delete: ({ body, user }) => service.delete(body.ids, user),
    recoverOne: ({ params, user }) => service.recover([params.id], user),
    recover: ({ body, user }) => service.recover(body.ids, user),
    get: async ({ params }) => ({ biller: await service.find(params.id) }),
  });
}

/** GET /images/billers/{id}: the logo, public like any image an invoice shows. */
export const billerLogoRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createBillersService(app.ctx);
  app.get('/images/billers/:id', { schema: { hide: true, params: idParams } }, async (req, reply) => {
    const file = await service.logo(req.params.id);
    return reply.type(file.contentType).header('cache-control', 'public, max-age=31536000, immutable').send(file.data);
  });
};
