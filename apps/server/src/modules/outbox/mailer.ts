import nodemailer, { type Transporter } from 'nodemailer';
import type { ClaimedMessage } from './outbox.repository.js';

/** How one delivery attempt ended. */
export type Delivery = { ok: true } | { ok: false; permanent: boolean; error: string };

export interface Mailer {
  /** Whether a mail server is configured (SMTP_URL); without one nothing is tried. */
  readonly configured: boolean;
  /** The sender the next message goes from (Settings, else MAIL_FROM). */
  sender(): Promise<string>;
  deliver(message: ClaimedMessage): Promise<Delivery>;
  close(): void;
}

/** The attachments of a stored message, cut back out of its bytes. */
export function attachmentsOf(message: Pick<ClaimedMessage, 'attachments' | 'data'>) {
  return message.attachments.map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: message.data.subarray(a.offset, a.offset + a.size),
  }));
}

/** An SMTP error in words: the server's reply when there is one, else the connection error. */
function describe(error: unknown): { permanent: boolean; error: string } {
  const e = error as { responseCode?: number; response?: string; code?: string; message?: string };
  if (typeof e.responseCode === 'number') {
    // 5xx is a permanent refusal (unknown mailbox, relaying denied, …); 4xx asks to try again later.
    return { permanent: e.responseCode >= 500, error: (e.response ?? e.message ?? String(error)).trim() };
  }
  const text = e.message ?? String(error);
  return { permanent: false, error: e.code && !text.includes(e.code) ? `${e.code}: ${text}` : text };
}

/**
 * nodemailer over `SMTP_URL` (smtp://user:pass@host:587 or smtps://…).
 * Short timeouts: a send request waits for the server at most a few seconds,
 * after that the message stays in the outbox for the worker.
 */
export function createMailer(smtpUrl: string | undefined, from: string | (() => Promise<string>)): Mailer {
  let transport: Transporter | undefined;
  const connect = () => {
    transport ??= nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    return transport;
  };
  return {
    configured: Boolean(smtpUrl),
    sender: async () => (typeof from === 'string' ? from : await from()),
    async deliver(message) {
      if (!smtpUrl) return { ok: false, permanent: false, error: NO_MAIL_SERVER };
      try {
        await connect().sendMail({
          // Looked up at each send: the settings' sender when set, else MAIL_FROM (docs/settings.md).
          from: typeof from === 'string' ? from : await from(),
          to: message.to,
          ...(message.cc ? { cc: message.cc } : {}),
          subject: message.subject,
          text: message.body,
          attachments: attachmentsOf(message),
        });
        return { ok: true };
      } catch (error) {
        return { ok: false, ...describe(error) };
      }
    },
    close() {
      transport?.close();
      transport = undefined;
    },
  };
}

export const NO_MAIL_SERVER = 'No mail server is configured (SMTP_URL)';
