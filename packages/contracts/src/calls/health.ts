import { defineCalls } from '../common/call.js';
import { z } from '../common/zod.js';

export const healthResponse = z.object({ status: z.literal('ok'), database: z.string() });

/** Liveness: answers without a token once the database answers. */
export const healthCalls = defineCalls('health', {
  check: {
    method: 'GET',
    path: '/health',
    summary: 'Liveness and database check',
    auth: 'public',
    response: healthResponse,
  },
});
