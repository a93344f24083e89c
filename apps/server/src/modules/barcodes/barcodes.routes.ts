import { barcodeCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../lib/routes.js';
import { sendStoredFile } from '../../lib/send-file.js';
import { createBarcodesService } from './barcodes.service.js';

/** The signed-in user's label list; each user has their own. */
export async function barcodesRoutes(app: FastifyInstance) {
  const service = createBarcodesService(app.ctx);
  registerCalls(app, barcodeCalls, {
    generate: ({ body }) => service.generate(body.barcode),
    list: ({ body, user }) => service.list(user.id, body),
    add: async ({ body, user }) => ({ barcodeItem: await service.add(user.id, body.productID, body.quantity) }),
    update: async ({ body, user }) => ({ barcodeItem: await service.update(user.id, body.id, body.quantity) }),
    clear: ({ user }) => service.clear(user.id),
    remove: ({ params, user }) => service.remove(user.id, params.id),
  });
}

/** GET /images/barcodes/{barcode}.png: public (an <img> sends no token), cached for good; not an API call. */
export async function barcodeImagesRoutes(app: FastifyInstance) {
  const service = createBarcodesService(app.ctx);
  app.get<{ Params: { file: string } }>('/images/barcodes/:file', { schema: { hide: true } }, async (req, reply) => {
    const file = req.params.file;
    const barcode = file.endsWith('.png') ? file.slice(0, -4) : file;
    if (!barcode || barcode.length > 64 || !/^[\x20-\x7e]+$/.test(barcode)) {
      return reply.status(404).send({ message: 'Not found' });
    }
    const png = await service.image(barcode);
    return sendStoredFile(reply, { data: png, contentType: 'image/png' }, barcode, 'public, max-age=86400');
  });
}
