import { healthCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../lib/routes.js';
import { healthRepository } from './health.repository.js';

export async function healthRoutes(app: FastifyInstance) {
  const { db, kind } = app.ctx;
  registerCalls(app, healthCalls, {
    check: async () => {
      await healthRepository.ping(db);
      return { status: 'ok' as const, database: kind };
    },
  });
}
