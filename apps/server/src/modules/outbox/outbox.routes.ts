import { invoiceMailCalls, outboxCalls, PARTY_MESSAGES, statementMailCalls, todayIn } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../../lib/errors.js';
import { registerCalls } from '../../lib/routes.js';
import { customersRepository } from '../customers/customers.repository.js';
import { createSettingsService } from '../settings/settings.service.js';
import { composeStatement } from './compose.js';
import { createMailer } from './mailer.js';
import { createOutboxService } from './outbox.service.js';
import { createOutboxWorker } from './outbox.worker.js';

/**
 * Sending invoices by e-mail and the outbox (docs/email.md). The worker runs
 * with the app: started when it is ready, stopped (and the SMTP connection
 * closed) when it closes. Tests run one worker round with the service's `runOnce`.
 */
export async function outboxRoutes(app: FastifyInstance) {
  const settings = createSettingsService(app.ctx);
  const mailer = createMailer(app.ctx.config.smtpUrl, settings.mailFrom);
  const service = createOutboxService(app.ctx, mailer);
  const worker = createOutboxWorker(service, app.log);
  app.addHook('onReady', async () => {
    if (mailer.configured) worker.start();
  });
  app.addHook('onClose', async () => {
    await worker.stop();
    mailer.close();
  });

  registerCalls(app, invoiceMailCalls, {
    // The spec's invoicePDF part is accepted (a PDF) but the server sends its own rendering,
    // so the e-mail is exactly the download of that moment.
    send: ({ params, body, user }) => service.send(params.id, 'invoicePdf', user, body),
    sendEdi: ({ params, body, user }) => service.send(params.id, 'invoiceEdi', user, body),
    draft: ({ params }) => service.draft(params.id, 'invoicePdf'),
    draftEdi: ({ params }) => service.draft(params.id, 'invoiceEdi'),
    sent: ({ params }) => service.ofInvoice(params.id),
  });
  registerCalls(app, statementMailCalls, {
    send: async ({ params, body, user }) =>
      service.deliver(await composeStatement(app.ctx.db, params.id, body, todayIn(app.ctx.config.timeZone)), user),
    sent: async ({ params }) => {
      if (!(await customersRepository.find(app.ctx.db, params.id))) {
        throw new NotFoundError(PARTY_MESSAGES.customerNotFound);
      }
      return service.ofCustomer(params.id);
    },
  });
  registerCalls(app, outboxCalls, {
    list: ({ body }) => service.list(body),
    retry: ({ params }) => service.retry(params.id),
  });
}
