import {
  distributorInput,
  distributorResponse,
  distributorsResponse,
  distributorUpdateInput,
  errorSchema,
  idParams,
  listBody,
  messageSchema,
} from '@wd/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { createDistributorsService } from './distributors.service.js';

const tags = ['suppliers (distributor/*)'];
const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

/** The spec's `distributor/*` calls serve suppliers, the companies the business buys from. */
export const distributorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createDistributorsService(app.ctx);
  app.post(
    '/distributor/all',
    { schema: { tags, summary: 'Suppliers', body: listBody, response: { 200: distributorsResponse, ...errors } } },
    (req) => service.list(req.body),
  );
  app.post(
    '/distributor/insert',
    {
      schema: {
        tags,
        summary: 'Create a supplier',
        body: distributorInput,
        response: { 200: distributorResponse, ...errors },
      },
    },
    async (req) => ({ distributor: await service.create(req.body, currentUser(req)) }),
  );
  app.patch(
    '/distributor/update',
    {
      schema: {
        tags,
        summary: 'Change a supplier',
        body: distributorUpdateInput,
        response: { 200: distributorResponse, ...errors },
      },
    },
    async (req) => ({ distributor: await service.update(req.body, currentUser(req)) }),
  );
  app.delete(
    '/distributor/delete/:id',
    { schema: { tags, summary: 'Delete a supplier', params: idParams, response: { 200: messageSchema, ...errors } } },
    (req) => service.delete(req.params.id, currentUser(req)),
  );
  app.post(
    '/distributor/:id',
    { schema: { tags, summary: 'One supplier', params: idParams, response: { 200: distributorResponse, ...errors } } },
    async (req) => ({
      distributor: await service.find(req.params.id),
    }),
  );
};
