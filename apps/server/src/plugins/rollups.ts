import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { foldRollups } from '../db/rollups.js';
import { periodic } from '../lib/periodic.js';

/**
 * Folds the roll-ups' pending deltas in the background while the app runs (every second by default,
 * skipped while another instance folds), so that a reader, who folds before reading, finds little to do.
 */
export const rollupsPlugin = fp(async (app: FastifyInstance) => {
  const folder = periodic(
    () => foldRollups(app.ctx.db, false),
    (error) => app.log.warn({ err: error }, 'background roll-up fold failed'),
    app.ctx.config.foldEveryMs,
  );
  if (app.ctx.config.foldEveryMs > 0) app.addHook('onReady', async () => folder.start());
  app.addHook('onClose', async () => folder.stop());
});
