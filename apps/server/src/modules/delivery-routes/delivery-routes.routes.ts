import { routeCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { periodic } from '../../lib/periodic.js';
import { recordHandlers, registerCalls } from '../../lib/routes.js';
import { createDeliveryRoutesService } from './delivery-routes.service.js';
import { createDeviceInvoicesService } from './device-invoices.service.js';
import { createNumberBlocksService } from './number-blocks.service.js';

/** How often an instance closes the number blocks of past days (the end of day). */
const RELEASE_EVERY_MS = 15 * 60_000;

export async function deliveryRoutesRoutes(app: FastifyInstance) {
  const service = createDeliveryRoutesService(app.ctx);
  const deviceInvoices = createDeviceInvoicesService(app.ctx);
  const numbers = createNumberBlocksService(app.ctx);
  registerCalls(app, routeCalls, {
    ...recordHandlers('route', service),
    today: ({ user }) => service.day(user),
    download: ({ body, user }) => service.download(body, user),
    syncInvoice: ({ body, user }) => deviceInvoices.sync(body, user),
    visit: ({ body, user }) => service.visit(body, user),
    progress: ({ body }) => service.progress(body.date),
    reserveNumbers: async ({ body, user }) => ({
      block: await numbers.reserve(body.deviceID, body.count, user),
    }),
    releaseNumbers: ({ params, user }) => numbers.release(params.id, user),
    numberBlocks: ({ body }) => numbers.list(body),
  });

  const endOfDay = periodic(
    async () => {
      const released = await numbers.releasePast();
      if (released.length > 0) app.log.info({ blocks: released }, 'number blocks of past days released');
    },
    (error) => app.log.warn({ err: error }, 'releasing past number blocks failed'),
    RELEASE_EVERY_MS,
  );
  app.addHook('onReady', async () => endOfDay.start());
  app.addHook('onClose', async () => endOfDay.stop());
}
