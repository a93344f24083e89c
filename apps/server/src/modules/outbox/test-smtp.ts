import { createServer } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { testApp } from '../../../test/helpers.js';
import type { Config } from '../../config.js';

/** A port nothing listens on (yet): taken from the system, then let go. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * An SMTP server on 127.0.0.1 for tests (no TLS, no auth): keeps every
 * message it accepts, parsed. Recipients containing "reject" are refused
 * for good (550), those containing "later" deferred (451).
 */
export async function startSmtpServer(port: number) {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.includes('reject')) {
        return callback(Object.assign(new Error('5.1.1 Mailbox does not exist'), { responseCode: 550 }));
      }
      if (address.address.includes('later')) {
        return callback(Object.assign(new Error('4.3.2 Try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpServer>>;

/**
 * A test app whose SMTP_URL points at a port chosen before the app is built,
 * and the mail server for it, started when a test says so (until then the
 * server is "down"). Call at the top of a test file, like testApp().
 */
export function testAppWithMailServer() {
  const overrides: Partial<Config> = {};
  let port = 0;
  let server: SmtpTestServer | undefined;
  beforeAll(async () => {
    port = await freePort();
    overrides.smtpUrl = `smtp://127.0.0.1:${port}`;
  });
  const t = testApp(overrides);
  afterAll(() => server?.close());
  return {
    t,
    overrides,
    /** Starts the mail server on the app's SMTP port. */
    async startMailServer(): Promise<SmtpTestServer> {
      server = await startSmtpServer(port);
      return server;
    },
  };
}
