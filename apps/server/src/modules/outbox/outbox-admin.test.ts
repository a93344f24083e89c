import { DOCUMENT_MESSAGES } from '@wd/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentFixture } from '../../../test/documents.js';
import { testApp } from '../../../test/helpers.js';
import { createMailer, NO_MAIL_SERVER } from './mailer.js';
import { backoffMs, createOutboxService } from './outbox.service.js';
import { freePort, startSmtpServer } from './test-smtp.js';

// This app has no SMTP_URL: every message waits in the outbox.
const t = testApp();
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let smtpUrl = '';
let user: { id: number; token: string };
beforeAll(async () => {
  const port = await freePort();
  smtp = await startSmtpServer(port);
  smtpUrl = `smtp://127.0.0.1:${port}`;
  user = await t.createUser('clerk');
});
afterAll(() => smtp?.close());

const list = (body: object, token = t.adminToken) => t.call('POST', '/api/outbox/all/', body, token);
const retry = (id: number, token = t.adminToken) => t.call('POST', `/api/outbox/retry/${id}/`, undefined, token);
/** A later process that has a mail server: its worker round over the same table. */
const laterProcess = () => createOutboxService(t.app.ctx, createMailer(smtpUrl, 'Desk <desk@test>'));

describe('without SMTP_URL', () => {
  it('keeps the message queued, untried, and a later process with a mail server delivers it', async () => {
    const { invoice, customer } = await documentFixture(t);
    const res = await t.call('POST', `/api/invoice/send/${invoice.id}/`, undefined, user.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(DOCUMENT_MESSAGES.queued(customer.email));
    expect(res.json().outboxMessage).toMatchObject({ status: 'queued', attempts: 0, lastError: NO_MAIL_SERVER });
    expect(res.json().outboxMessage.createdBy).toBe('clerk');

    const again = await retry(res.json().outboxMessage.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(DOCUMENT_MESSAGES.queued(customer.email));

    const before = smtp.received.length;
    expect(await laterProcess().runOnce()).toBe(1);
    expect(smtp.received.length).toBe(before + 1);
    const sent = (await t.call('GET', `/api/invoice/sent/${invoice.id}/`, undefined, user.token)).json();
    expect(sent.outboxMessages[0]).toMatchObject({ status: 'sent', attempts: 1, lastError: '' });
    const refused = await retry(sent.outboxMessages[0].id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(DOCUMENT_MESSAGES.alreadySent);
  });

  it('never sends a message twice, however many workers run at once', async () => {
    const fixtures = await Promise.all([documentFixture(t), documentFixture(t), documentFixture(t)]);
    for (const f of fixtures) await t.call('POST', `/api/invoice/send/edi/${f.invoice.id}/`, undefined, t.adminToken);
    const before = smtp.received.length;
    const tried = await Promise.all([1, 2, 3].map(() => laterProcess().runOnce({ batch: 1 })));
    expect(tried.reduce((a, b) => a + b, 0)).toBe(3);
    expect(smtp.received.length).toBe(before + 3);
    expect(new Set(smtp.received.slice(before).map((m) => m.subject)).size).toBe(3);
  });
});

describe('GET invoice/sent/{id}', () => {
  it("answers the invoice's messages newest first, 404 for an unknown invoice, 401 without a token", async () => {
    const { invoice } = await documentFixture(t);
    await t.call('POST', `/api/invoice/send/${invoice.id}/`, undefined, t.adminToken);
    await t.call('POST', `/api/invoice/send/edi/${invoice.id}/`, undefined, t.adminToken);
    const res = await t.call('GET', `/api/invoice/sent/${invoice.id}/`, undefined, t.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().outboxMessages.map((m: { kind: string }) => m.kind)).toEqual(['invoiceEdi', 'invoicePdf']);
    expect(res.json().outboxMessages[0].invoiceNo).toBe(invoice.invoiceNo);
    const missing = await t.call('GET', '/api/invoice/sent/999999/', undefined, t.adminToken);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("The invoice doesn't exist");
    expect((await t.call('GET', `/api/invoice/sent/${invoice.id}/`, undefined, null)).statusCode).toBe(401);
  });
});

describe('POST outbox/all and outbox/retry/{id}', () => {
  it('lists messages newest first, filtered by status and searched, to admins only', async () => {
    const all = await list({ resultsPerPage: 100 });
    expect(all.statusCode, all.body).toBe(200);
    const rows = all.json().outboxMessages as { id: number; status: string; to: string }[];
    expect(all.json().totalRows).toBe(rows.length);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));
    const sent = (await list({ status: 'sent', resultsPerPage: 100 })).json();
    expect(sent.totalRows).toBe(rows.filter((r) => r.status === 'sent').length);
    expect(sent.totalRows).toBeGreaterThan(0);
    const queued = (await list({ status: 'queued' })).json();
    expect(queued.outboxMessages.every((r: { status: string }) => r.status === 'queued')).toBe(true);
    const found = (await list({ searchQuery: rows[0].to })).json();
    expect(found.outboxMessages.map((r: { to: string }) => r.to)).toContain(rows[0].to);
    expect(found.totalRows).toBeLessThan(rows.length);
    expect((await list({ status: 'lost' })).statusCode).toBe(400);
    expect((await list({ sortingList: [{ column: 'data', order: 'asc' }] })).statusCode).toBe(400);
    expect((await list({}, user.token)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/outbox/all/', {}, null)).statusCode).toBe(401);
  });

  it('retry answers 404 for an unknown message, 400 for a bad id, 403 to a non-admin, 401 without a token', async () => {
    const missing = await retry(999999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(DOCUMENT_MESSAGES.outboxNotFound);
    expect((await t.call('POST', '/api/outbox/retry/x/', undefined, t.adminToken)).statusCode).toBe(400);
    expect((await retry(1, user.token)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/outbox/retry/1/', undefined, null)).statusCode).toBe(401);
  });
});

describe('backoff', () => {
  it('waits 1, 2, 4 … minutes after each failed attempt, at most an hour', () => {
    expect([1, 2, 3, 4, 6, 7, 12].map((n) => backoffMs(n) / 60_000)).toEqual([1, 2, 4, 8, 32, 60, 60]);
  });
});
