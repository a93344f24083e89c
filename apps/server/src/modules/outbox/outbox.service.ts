import {
  DOCUMENT_MESSAGES,
  EMAIL_MESSAGES,
  INVOICE_MESSAGES,
  type InvoiceSendResult,
  isLocalAddress,
  type OutboxFilter,
} from '@wd/contracts';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import { invoicesRepository } from '../invoices/invoices.repository.js';
import { settingsRepository } from '../settings/settings.repository.js';
import { type ComposedMessage, type ComposeOptions, composeMessage, draftMessage, type OutboxKind } from './compose.js';
import { type Mailer, NO_MAIL_SERVER } from './mailer.js';
import { type ClaimedMessage, outboxRepository as repo } from './outbox.repository.js';

/** After this many attempts a message that the server keeps deferring (4xx, unreachable) is failed. */
export const MAX_ATTEMPTS = 12;
/** How long a claimed message is the claimer's before another worker may take it (a crash mid-send). */
const LEASE_MS = 5 * 60_000;
const MINUTE = 60_000;

/** The wait after the n-th failed attempt: 1 min, 2, 4, 8, … capped at 1 hour. */
export function backoffMs(attempts: number): number {
  return Math.min(MINUTE * 2 ** Math.max(0, attempts - 1), 60 * MINUTE);
}

export const OUTBOX_TEXT = {
  refused: (to: string, error: string) => `The mail server refused the message to ${to}: ${error}`,
  sending: 'This message is being sent right now',
};

/**
 * E-mail through the outbox (docs/email.md): a message is stored first, then
 * delivered; what cannot be delivered now stays queued for the worker.
 */
export function createOutboxService({ db }: AppContext, mailer: Mailer) {
  const lease = (now = Date.now()) => new Date(now + LEASE_MS);

  /** One attempt at a claimed message, and its outcome written back. */
  async function attempt(message: ClaimedMessage): Promise<'sent' | 'queued' | 'failed'> {
    const delivery = await mailer.deliver(message);
    if (delivery.ok) {
      await repo.settle(db, message.id, { status: 'sent' });
      return 'sent';
    }
    if (delivery.permanent || message.attempts >= MAX_ATTEMPTS) {
      await repo.settle(db, message.id, { status: 'failed', error: delivery.error });
      return 'failed';
    }
    const nextAttemptAt = new Date(Date.now() + backoffMs(message.attempts));
    await repo.settle(db, message.id, { status: 'queued', error: delivery.error, nextAttemptAt });
    return 'queued';
  }

  /** The answer of a send or a retry: what happened in words, and the message as stored now. */
  async function answer(id: number, outcome: 'sent' | 'queued' | 'failed'): Promise<InvoiceSendResult> {
    const outboxMessage = await repo.find(db, id);
    if (!outboxMessage) throw new NotFoundError(DOCUMENT_MESSAGES.outboxNotFound);
    const { to, lastError } = outboxMessage;
    const message =
      outcome === 'sent'
        ? (outboxMessage.kind === 'statementPdf' ? DOCUMENT_MESSAGES.statementSent : DOCUMENT_MESSAGES.sent)(to)
        : outcome === 'queued'
          ? DOCUMENT_MESSAGES.queued(to)
          : OUTBOX_TEXT.refused(to, lastError);
    return { message, outboxMessage };
  }

  /** Stores a composed message (an invoice's or a statement) and tries to deliver it at once. */
  async function deliver(composed: ComposedMessage, user: AuthUser): Promise<InvoiceSendResult> {
    // A sender no one can reply to (the default invoices@localhost) is refused before anything is stored.
    const from = await mailer.sender();
    if (isLocalAddress(from)) throw new ConflictError(EMAIL_MESSAGES.localSender(from));
    const now = Date.now();
    const stored = await repo.insert(db, {
      ...composed,
      createdBy: user.id,
      // Claimed by this request from the start, so the worker never sends it a second time.
      ...(mailer.configured
        ? { status: 'sending', attempts: 1, nextAttemptAt: lease(now) }
        : { status: 'queued', attempts: 0, nextAttemptAt: new Date(now), lastError: NO_MAIL_SERVER }),
    });
    if (!mailer.configured) return answer(stored.id, 'queued');
    return answer(stored.id, await attempt(stored));
  }

  return {
    /** Stores the invoice's e-mail (PDF or EDI files) as the clerk composed it and tries to deliver it at once. */
    async send(
      invoiceId: number,
      kind: Exclude<OutboxKind, 'statementPdf'>,
      user: AuthUser,
      options: ComposeOptions = { cc: [] },
    ) {
      const templates = await settingsRepository.read(db);
      return deliver(await composeMessage(db, invoiceId, kind, templates, options), user);
    },

    /** The invoice's e-mail as the compose step shows it (404 for an unknown invoice). */
    async draft(invoiceId: number, kind: Exclude<OutboxKind, 'statementPdf'>) {
      const templates = await settingsRepository.read(db);
      return { draft: await draftMessage(db, invoiceId, kind, templates, await mailer.sender()) };
    },

    deliver,

    /** The statements sent to a customer, newest first. */
    async ofCustomer(customerId: number) {
      return { outboxMessages: await repo.ofCustomer(db, customerId) };
    },

    /** An invoice's messages, newest first (404 for an unknown invoice). */
    async ofInvoice(invoiceId: number) {
      if (!(await invoicesRepository.find(db, invoiceId))) throw new NotFoundError(INVOICE_MESSAGES.notFound);
      return { outboxMessages: await repo.ofInvoice(db, invoiceId) };
    },

    async list(filter: OutboxFilter) {
      const { rows, totalRows } = await repo.list(db, filter);
      return pageResponse('outboxMessages', rows, filter, totalRows);
    },

    /** Tries a queued or failed message now: 409 when it was sent already or is being sent. */
    async retry(id: number): Promise<InvoiceSendResult> {
      const status = await repo.status(db, id);
      if (!status) throw new NotFoundError(DOCUMENT_MESSAGES.outboxNotFound);
      if (status === 'sent') throw new ConflictError(DOCUMENT_MESSAGES.alreadySent);
      if (!mailer.configured) {
        await repo.requeue(db, id, NO_MAIL_SERVER);
        return answer(id, 'queued');
      }
      const claimed = await repo.claim(db, id, lease());
      if (!claimed) {
        const now = await repo.status(db, id);
        throw new ConflictError(now === 'sent' ? DOCUMENT_MESSAGES.alreadySent : OUTBOX_TEXT.sending);
      }
      return answer(id, await attempt(claimed));
    },

    /**
     * One round of the worker: every message whose attempt is due (at `at`,
     * default now), a batch at a time. Answers how many were tried.
     */
    async runOnce({ at, batch = 10 }: { at?: Date; batch?: number } = {}): Promise<number> {
      if (!mailer.configured) return 0;
      let tried = 0;
      for (;;) {
        const now = at?.getTime() ?? Date.now();
        const due = await repo.claimDue(db, new Date(now), lease(now), batch);
        for (const message of due) await attempt(message);
        tried += due.length;
        if (due.length < batch) return tried;
      }
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
