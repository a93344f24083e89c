import type { FastifyBaseLogger } from 'fastify';
import type { OutboxService } from './outbox.service.js';

/** How often the worker looks for due messages. */
export const WORKER_INTERVAL_MS = 30_000;

/**
 * Retries queued messages in the background: one round every interval (the
 * timer never keeps the process alive), never two rounds at once. The outbox
 * table is the queue, so a restart picks up where the last process stopped.
 */
export function createOutboxWorker(service: OutboxService, log: FastifyBaseLogger, intervalMs = WORKER_INTERVAL_MS) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = service
      .runOnce()
      .catch((error) => log.error({ err: error }, 'outbox worker round failed'))
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start() {
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
    },
    /** Stops the timer and waits for a round in progress. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
