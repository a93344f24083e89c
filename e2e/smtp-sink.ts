// A mail server for the end-to-end flows (started by playwright.config.ts):
// it accepts every message, except that it answers a recipient at
// @later.test with a temporary refusal (the message stays queued and is
// retried) and one at @refused.test with a permanent one (the message fails).
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.SMTP_SINK_PORT);
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, callback) {
    const to = address.address.toLowerCase();
    if (to.endsWith('@later.test')) {
      return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
    }
    if (to.endsWith('@refused.test')) {
      return callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
    }
    callback();
  },
  onData(stream, _session, callback) {
    stream.resume();
    stream.on('end', () => callback());
  },
});
server.listen(port, '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
