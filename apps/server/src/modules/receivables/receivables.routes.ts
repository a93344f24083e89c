import { receivablesCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { sendCsv } from '../../lib/export.js';
import { registerCalls } from '../../lib/routes.js';
import { sendDownload } from '../../lib/send-file.js';
import { createAgingService } from './aging.service.js';
import { createCreditService } from './credit-limit.js';
import { createStatementService } from './statement.service.js';
import { statementFileName, statementPdf } from './statement-pdf.js';

export async function receivablesRoutes(app: FastifyInstance) {
  const aging = createAgingService(app.ctx);
  const statements = createStatementService(app.ctx);
  const credit = createCreditService(app.ctx);
  registerCalls(app, receivablesCalls, {
    aging: ({ body }) => aging.aging(body),
    agingCsv: async ({ body, reply }) => sendCsv(reply, await aging.csv(body)),
    statement: async ({ params, body }) => ({ statement: await statements.statement(params.id, body) }),
    statementPdf: async ({ params, body, reply }) => {
      const statement = await statements.statement(params.id, body);
      return sendDownload(
        reply,
        'application/pdf',
        statementFileName(statement),
        await statementPdf(app.ctx.db, statement),
      );
    },
    credit: async ({ params }) => ({ credit: await credit.credit(params.id) }),
  });
}
