import { settingsCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../lib/routes.js';
import { createSettingsService } from './settings.service.js';

/** The business's settings (docs/settings.md). */
export async function settingsRoutes(app: FastifyInstance) {
  const service = createSettingsService(app.ctx);
  registerCalls(app, settingsCalls, {
    get: () => service.get(),
    update: ({ body, user }) => service.update(body, user),
  });
}
