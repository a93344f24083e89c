import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) },
      },
    },
    async () => {
      await app.ctx.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: app.ctx.kind };
    },
  );
};
