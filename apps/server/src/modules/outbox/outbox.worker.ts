import type { FastifyBaseLogger } from 'fastify';
import { periodic } from '../../lib/periodic.js';
import type { OutboxService } from './outbox.service.js';

/** How often the worker looks for due messages. */
export const WORKER_INTERVAL_MS = 30_000;

/**
 * Retries queued messages in the background: one round every interval, never two at once. The
 * outbox table is the queue, so a restart picks up where the last process stopped.
 */
export function createOutboxWorker(service: OutboxService, log: FastifyBaseLogger, intervalMs = WORKER_INTERVAL_MS) {
  return periodic(
    () => service.runOnce(),
    (error) => log.error({ err: error }, 'outbox worker round failed'),
    intervalMs,
  );
}
