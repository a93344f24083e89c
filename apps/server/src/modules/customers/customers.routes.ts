import {
  customerInput,
  customerResponse,
  customersResponse,
  customerUpdateInput,
  errorSchema,
  idParams,
  listBody,
  messageSchema,
  PARTY_MESSAGES,
} from '@wd/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMultipart } from '../../lib/uploads.js';
import { currentUser } from '../../plugins/auth.js';
import { createCustomersService } from './customers.service.js';

const tags = ['customers'];
const errors = {
  400: errorSchema,
  401: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
  415: errorSchema,
};

export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCustomersService(app.ctx);

  app.post(
    '/customer/all',
    { schema: { tags, summary: 'Active customers', body: listBody, response: { 200: customersResponse, ...errors } } },
    (req) => service.list(req.body),
  );
  app.post(
    '/customer/all/deleted',
    { schema: { tags, summary: 'Deleted customers', body: listBody, response: { 200: customersResponse, ...errors } } },
    (req) => service.list(req.body, true),
  );
  app.post(
    '/customer/new',
    {
      schema: {
        tags,
        summary: 'Create a customer',
        body: customerInput,
        response: { 200: customerResponse, ...errors },
      },
    },
    async (req) => ({
      customer: await service.create(req.body, currentUser(req)),
    }),
  );
  app.patch(
    '/customer/update',
    {
      schema: {
        tags,
        summary: 'Change a customer',
        body: customerUpdateInput,
        response: { 200: customerResponse, ...errors },
      },
    },
    async (req) => ({ customer: await service.update(req.body, currentUser(req)) }),
  );
  app.delete(
    '/customer/delete/:id',
    {
      schema: {
        tags,
        summary: 'Soft-delete an active customer; permanently delete a deleted one nothing points at',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    (req) => service.delete(req.params.id, currentUser(req)),
  );
  app.post(
    '/customer/recover/:id',
    {
      schema: {
        tags,
        summary: 'Recover a deleted customer',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    (req) => service.recover(req.params.id, currentUser(req)),
  );
  app.post(
    '/customer/resale_certificate/:id',
    {
      schema: {
        tags,
        summary:
          'Sign the resale certificate: multipart, file part `resaleCertificate` (image, at most 10 MB); sets dateLastVerified to today',
        params: idParams,
        response: { 200: customerResponse, ...errors },
      },
    },
    async (req) => {
      const { image } = await readMultipart(req, 'resaleCertificate', { required: true });
      return { customer: await service.signResaleCertificate(req.params.id, image!, currentUser(req)) };
    },
  );
  app.get(
    '/customer/resale_certificate/:id',
    {
      schema: {
        tags,
        summary: 'The resale certificate as a one-page PDF (404 No Resale Certificate Uploaded)',
        params: idParams,
      },
    },
    async (req, reply) => {
      const pdf = await service.resaleCertificatePdf(req.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="Resale_Certificate_${req.params.id}.pdf"`)
        .send(pdf);
    },
  );
  app.post(
    '/customer/:id',
    { schema: { tags, summary: 'One customer', params: idParams, response: { 200: customerResponse, ...errors } } },
    async (req) => ({
      customer: await service.find(req.params.id),
    }),
  );
};

/** GET /files/resaleCertificates/Resale_Certificate_{id}.jpg: the stored image, for signed-in users only. */
export const resaleCertificateFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCustomersService(app.ctx);
  app.get(
    '/files/resaleCertificates/:file',
    { config: { auth: 'user' }, schema: { hide: true, params: z.object({ file: z.string().max(100) }) } },
    async (req, reply) => {
      const match = /^Resale_Certificate_(\d+)(\.\w+)?$/.exec(req.params.file);
      if (!match) return reply.status(404).send({ message: PARTY_MESSAGES.noResaleCertificate });
      const file = await service.resaleCertificateImage(Number(match[1]));
      return reply.type(file.contentType).header('cache-control', 'private, no-store').send(file.data);
    },
  );
};
