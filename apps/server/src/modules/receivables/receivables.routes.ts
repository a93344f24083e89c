import { receivablesCalls } from '@wd/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerCalls } from '../../lib/routes.js';
import { createAgingService } from './aging.service.js';
import { createCreditService } from './credit-limit.js';
import { createStatementService } from './statement.service.js';
import { renderStatementPdf, statementFileName } from './statement-pdf.js';

/** A generated file as a download: its type and name, never cached. */
function download(reply: FastifyReply, type: string, fileName: string, body: Buffer) {
  reply
    .type(type)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store');
  return body;
}

export async function receivablesRoutes(app: FastifyInstance) {
  const aging = createAgingService(app.ctx);
  const statements = createStatementService(app.ctx);
  const credit = createCreditService(app.ctx);
  registerCalls(app, receivablesCalls, {
    aging: ({ body }) => aging.aging(body),
    agingCsv: async ({ body, reply }) => {
      const file = await aging.csv(body);
      return download(reply, 'text/csv; charset=utf-8', file.fileName, file.body);
    },
    statement: async ({ params, body }) => ({ statement: await statements.statement(params.id, body) }),
    statementPdf: async ({ params, body, reply }) => {
      const statement = await statements.statement(params.id, body);
      return download(reply, 'application/pdf', statementFileName(statement), await renderStatementPdf(statement));
    },
    credit: async ({ params }) => ({ credit: await credit.credit(params.id) }),
  });
}
