import {
  billerInput,
  billerResponse,
  billersResponse,
  billerUpdateInput,
  errorSchema,
  idParams,
  listBody,
  messageSchema,
} from '@wd/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMultipart } from '../../lib/uploads.js';
import { currentUser } from '../../plugins/auth.js';
import { createBillersService } from './billers.service.js';

const tags = ['billers (supplier/*)'];
const errors = {
  400: errorSchema,
  401: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
  415: errorSchema,
};

/** The spec's `supplier/*` calls serve billers, the selling companies. */
export const billersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createBillersService(app.ctx);

  app.post(
    '/supplier/all',
    { schema: { tags, summary: 'Active billers', body: listBody, response: { 200: billersResponse, ...errors } } },
    (req) => service.list(req.body),
  );
  app.post(
    '/supplier/all/deleted',
    { schema: { tags, summary: 'Deleted billers', body: listBody, response: { 200: billersResponse, ...errors } } },
    (req) => service.list(req.body, true),
  );
  app.post(
    '/supplier/new',
    { schema: { tags, summary: 'Create a biller', body: billerInput, response: { 200: billerResponse, ...errors } } },
    async (req) => ({
      biller: await service.create(req.body, currentUser(req)),
    }),
  );
  app.patch(
    '/supplier/update',
    {
      schema: {
        tags,
        summary: 'Change a biller',
        body: billerUpdateInput,
        response: { 200: billerResponse, ...errors },
      },
    },
    async (req) => ({ biller: await service.update(req.body, currentUser(req)) }),
  );
  app.post(
    '/supplier/logo/:id',
    {
      schema: {
        tags,
        summary: 'Upload the logo (multipart, file part `logo`; an image of at most 10 MB)',
        params: idParams,
        response: { 200: billerResponse, ...errors },
      },
    },
    async (req) => {
      const { image } = await readMultipart(req, 'logo', { required: true });
      return { biller: await service.setLogo(req.params.id, image!, currentUser(req)) };
    },
  );
  app.delete(
    '/supplier/delete/:id',
    {
      schema: {
        tags,
        summary: 'Soft-delete an active biller; permanently delete a deleted one nothing points at',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    (req) => service.delete(req.params.id, currentUser(req)),
  );
  app.post(
    '/supplier/recover/:id',
    {
      schema: {
        tags,
        summary: 'Recover a deleted biller',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    (req) => service.recover(req.params.id, currentUser(req)),
  );
  app.post(
    '/supplier/:id',
    { schema: { tags, summary: 'One biller', params: idParams, response: { 200: billerResponse, ...errors } } },
    async (req) => ({
      biller: await service.find(req.params.id),
    }),
  );
};

/** GET /images/billers/{id}: the logo, public like any image an invoice shows. */
export const billerLogoRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createBillersService(app.ctx);
  app.get(
    '/images/billers/:id',
    { schema: { hide: true, params: z.object({ id: z.coerce.number().int().positive() }) } },
    async (req, reply) => {
      const file = await service.logo(req.params.id);
      return reply
        .type(file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.data);
    },
  );
};
