import { deviceFlagCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../lib/routes.js';
import { createDeviceFlagsService } from './device-flags.service.js';

/** Driver flags: the office's list of what drivers' syncs stored differently, and settling one (admins only). */
export async function deviceFlagsRoutes(app: FastifyInstance) {
  const service = createDeviceFlagsService(app.ctx);
  registerCalls(app, deviceFlagCalls, {
    list: ({ body }) => service.list(body),
    settle: async ({ params, body, user }) => ({ flag: await service.settle(params.id, body.note, user) }),
  });
}
