import { importCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { sendCsv } from '../../lib/export.js';
import { registerCalls } from '../../lib/routes.js';
import { createImportsService } from './imports.service.js';

export async function importsRoutes(app: FastifyInstance) {
  const service = createImportsService(app.ctx);
  // The file part is required by the calls (a 400 without it), so it is here.
  const data = (file: { data: Buffer } | null) => (file as { data: Buffer }).data;
  registerCalls(app, importCalls, {
    preview: ({ params, body, file }) => service.preview(params.kind, data(file), body),
    async refused({ params, body, file, reply }) {
      return sendCsv(reply, await service.refused(params.kind, data(file), body));
    },
    async run({ params, body, file, user, reply, request }) {
      const events = await service.run(params.kind, data(file), body, user, (error) =>
        request.log.error({ err: error }, 'import failed'),
      );
      // Fastify pipes the stream as the events come; the binary response schema only documents it.
      reply.type('application/x-ndjson; charset=utf-8').header('cache-control', 'no-store');
      return events as unknown as Uint8Array;
    },
  });
}
