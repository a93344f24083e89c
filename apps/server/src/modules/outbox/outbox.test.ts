import { DOCUMENT_MESSAGES } from '@wd/contracts';
import { describe, expect, it } from 'vitest';
import { documentFixture } from '../../../test/documents.js';
import { multipart } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';
import { createMailer } from './mailer.js';
import { createOutboxService } from './outbox.service.js';
import { type SmtpTestServer, testAppWithMailServer } from './test-smtp.js';

const { t, overrides, startMailServer } = testAppWithMailServer();
let smtp: SmtpTestServer | undefined;

const send = (id: number, edi = false) =>
  t.call('POST', `/api/invoice/send/${edi ? 'edi/' : ''}${id}/`, undefined, t.adminToken);
const download = async (path: string) => (await t.call('GET', path, undefined, t.adminToken)).rawPayload;
/** The attachment is the download, byte for byte (the PDF's creation date is the invoice's, not the clock's). */
function expectSamePdf(attached: Buffer | undefined, downloaded: Buffer) {
  expect(attached?.length).toBe(downloaded.length);
  expect(Buffer.compare(attached as Buffer, downloaded)).toBe(0);
}
/** One worker round as the app's own worker runs it, at a time when every backoff has passed. */
const workerRound = () =>
  createOutboxService(t.app.ctx, createMailer(overrides.smtpUrl, 'Desk <desk@test>')).runOnce({
    at: new Date(Date.now() + 2 * 3_600_000),
  });

describe('POST invoice/send/{id} with the mail server down, then up', () => {
  it('queues the message with the connection error, and the worker delivers it once the server answers', async () => {
    const { invoice, customer } = await documentFixture(t);
    const res = await send(invoice.id);
    expect(res.statusCode, res.body).toBe(200);
    const queued = res.json();
    expect(queued.message).toBe(DOCUMENT_MESSAGES.queued(customer.email));
    expect(queued.outboxMessage).toMatchObject({
      status: 'queued',
      attempts: 1,
      to: customer.email,
      kind: 'invoicePdf',
    });
    expect(queued.outboxMessage.lastError).toMatch(/ECONNREFUSED/);
    // Backoff: the next attempt about a minute later.
    const wait = Date.parse(queued.outboxMessage.nextAttemptAt) - Date.now();
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);

    smtp = await startMailServer();
    expect(await workerRound()).toBe(1);
    expect(await workerRound()).toBe(0);
    const sent = (await t.call('GET', `/api/invoice/sent/${invoice.id}/`, undefined, t.adminToken)).json();
    expect(sent.outboxMessages).toHaveLength(1);
    expect(sent.outboxMessages[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: '', createdBy: 'admin' });
    expect(smtp.received).toHaveLength(1);
    const pdf = await download(`/api/invoice/pdf/${invoice.id}/`);
    expectSamePdf(smtp.received[0].attachments[0].content, pdf);
  });
});

describe('POST invoice/send/{id} and invoice/send/edi/{id}', () => {
  it('e-mails the PDF at once: the attachment is byte for byte what GET invoice/pdf answers', async () => {
    smtp ??= await startMailServer();
    const { invoice, customer } = await documentFixture(t);
    const res = await send(invoice.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(DOCUMENT_MESSAGES.sent(customer.email));
    expect(res.json().outboxMessage).toMatchObject({ status: 'sent', attempts: 1, nextAttemptAt: null });
    const mail = smtp.received.at(-1);
    const number = invoice.invoiceNo.replace('Invoice/', '');
    expect(mail?.to).toMatchObject({ text: customer.email });
    expect(mail?.from?.value[0]).toMatchObject({ name: 'Wholesale Desk', address: 'desk@wholesale.test' });
    expect(mail?.subject).toContain(`Invoice ${number}`);
    expect(mail?.text).toContain('balance $9.01');
    expect(mail?.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`${number}.pdf`, 'application/pdf']]);
    expectSamePdf(mail?.attachments[0].content, await download(`/api/invoice/pdf/${invoice.id}/`));
  });

  it('e-mails both EDI files, identical to the two downloads', async () => {
    const { invoice } = await documentFixture(t);
    const res = await send(invoice.id, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().outboxMessage).toMatchObject({ status: 'sent', kind: 'invoiceEdi' });
    const mail = smtp?.received.at(-1);
    const [csv, x12] = mail?.attachments ?? [];
    expect(res.json().outboxMessage.attachments).toEqual([csv.filename, x12.filename]);
    expect(csv.filename).toMatch(/_EDI_MS\.csv$/);
    expect(x12.filename).toMatch(/_EDI_C\.x12$/);
    expect(csv.content.equals(await download(`/api/invoice/edi/modisoft/${invoice.id}/`))).toBe(true);
    expect(x12.content.equals(await download(`/api/invoice/edi/cstore/${invoice.id}/`))).toBe(true);
  });

  it('accepts the multipart form with an invoicePDF part (a PDF) and refuses a part that is no PDF', async () => {
    const { invoice } = await documentFixture(t);
    const url = `/api/invoice/send/${invoice.id}/`;
    const headers = { token: t.adminToken };
    const pdf = multipart([
      { name: 'invoicePDF', filename: 'x.pdf', contentType: 'application/pdf', data: '%PDF-1.4\n' },
    ]);
    const ok = await t.app.inject({
      method: 'POST',
      url,
      payload: pdf.payload,
      headers: { ...headers, ...pdf.headers },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().outboxMessage.status).toBe('sent');
    const text = multipart([{ name: 'invoicePDF', filename: 'x.pdf', data: 'not a pdf' }]);
    const bad = await t.app.inject({
      method: 'POST',
      url,
      payload: text.payload,
      headers: { ...headers, ...text.headers },
    });
    expect(bad.statusCode).toBe(415);
  });

  it('fails a message the server refuses for good (5xx), with its reply, and keeps deferring a 4xx', async () => {
    const refused = await documentFixture(t, { email: 'reject@quickstop.test' });
    const res = await send(refused.invoice.id);
    expect(res.statusCode, res.body).toBe(200);
    const failed = res.json().outboxMessage;
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null });
    expect(failed.lastError).toMatch(/^550 5\.1\.1 Mailbox does not exist/);
    expect(res.json().message).toContain('refused the message to reject@quickstop.test');

    const later = await documentFixture(t, { email: 'later@quickstop.test' });
    const deferred = (await send(later.invoice.id)).json().outboxMessage;
    expect(deferred).toMatchObject({ status: 'queued', attempts: 1 });
    expect(deferred.lastError).toMatch(/^451/);
  });

  it('answers 409 without an e-mail address or for a walk-in, 404 for an unknown invoice, 401 without a token', async () => {
    const { invoice } = await documentFixture(t, { email: '' });
    for (const edi of [false, true]) {
      const res = await send(invoice.id, edi);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(DOCUMENT_MESSAGES.noEmail);
    }
    const walkIn = await invoiceCalls(() => t).newInvoice();
    const res = await send(walkIn.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DOCUMENT_MESSAGES.walkIn);
    const missing = await send(999999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("The invoice doesn't exist");
    expect((await send(999999, true)).statusCode).toBe(404);
    expect((await t.call('POST', '/api/invoice/send/abc/', undefined, t.adminToken)).statusCode).toBe(400);
    expect((await t.call('POST', `/api/invoice/send/${invoice.id}/`, undefined, null)).statusCode).toBe(401);
    expect((await t.call('POST', `/api/invoice/send/edi/${invoice.id}/`, undefined, null)).statusCode).toBe(401);
  });
});
