import {
  barcodeGenerateInput,
  barcodeGenerateResponse,
  barcodeItemInput,
  barcodeItemResponse,
  barcodeItemsResponse,
  barcodeItemUpdateInput,
  errorSchema,
  idParams,
  listBody,
  messageSchema,
} from '@wd/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { createBarcodesService } from './barcodes.service.js';

const tags = ['barcode labels'];
const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

/** The signed-in user's label list; each user has their own. */
export const barcodesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createBarcodesService(app.ctx);

  app.post(
    '/barcode/generate',
    {
      schema: {
        tags,
        summary: 'Render a barcode image; answers its address',
        body: barcodeGenerateInput,
        response: { 200: barcodeGenerateResponse, ...errors },
      },
    },
    (req) => service.generate(req.body.barcode),
  );
  app.post(
    '/barcode/all',
    { schema: { tags, summary: 'My label list', body: listBody, response: { 200: barcodeItemsResponse, ...errors } } },
    (req) => service.list(currentUser(req).id),
  );
  app.post(
    '/barcode/insert',
    {
      schema: {
        tags,
        summary: 'Add labels of a product (adds to the quantity when listed)',
        body: barcodeItemInput,
        response: { 200: barcodeItemResponse, ...errors },
      },
    },
    async (req) => ({ barcodeItem: await service.add(currentUser(req).id, req.body.productID, req.body.quantity) }),
  );
  app.patch(
    '/barcode/update',
    {
      schema: {
        tags,
        summary: 'Set the quantity of a label',
        body: barcodeItemUpdateInput,
        response: { 200: barcodeItemResponse, ...errors },
      },
    },
    async (req) => ({ barcodeItem: await service.update(currentUser(req).id, req.body.id, req.body.quantity) }),
  );
  app.delete(
    '/barcode/delete/all',
    { schema: { tags, summary: 'Empty my label list', response: { 200: messageSchema, ...errors } } },
    (req) => service.clear(currentUser(req).id),
  );
  app.delete(
    '/barcode/delete/:id',
    { schema: { tags, summary: 'Remove a label', params: idParams, response: { 200: messageSchema, ...errors } } },
    (req) => service.remove(currentUser(req).id, req.params.id),
  );
};

/** GET /images/barcodes/{barcode}.png: public (an <img> sends no token), cached for good. */
export const barcodeImagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createBarcodesService(app.ctx);
  app.get('/images/barcodes/:file', { schema: { hide: true } }, async (req, reply) => {
    const file = (req.params as { file: string }).file;
    const barcode = file.endsWith('.png') ? file.slice(0, -4) : file;
    if (!barcode || barcode.length > 64 || !/^[\x20-\x7e]+$/.test(barcode)) {
      return reply.status(404).send({ message: 'Not found' });
    }
    const png = await service.image(barcode);
    return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(png);
  });
};
