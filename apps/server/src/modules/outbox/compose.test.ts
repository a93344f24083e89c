import { DEFAULT_EMAIL_SUBJECT, DOCUMENT_MESSAGES, EMAIL_MESSAGES } from '@wd/contracts';
import { describe, expect, it } from 'vitest';
import { documentFixture } from '../../../test/documents.js';
import { multipart } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';
import { type SmtpTestServer, testAppWithMailServer } from './test-smtp.js';

/** The compose step (docs/email.md): the draft the clerk sees, then Send with what the clerk changed. */
const { t, startMailServer } = testAppWithMailServer();
let smtp: SmtpTestServer;

const draft = (id: number, edi = false, token: string | null = t.adminToken) =>
  t.call('GET', `/api/invoice/send/${edi ? 'edi/' : ''}draft/${id}/`, undefined, token);
const send = (id: number, body: unknown, edi = false) =>
  t.call('POST', `/api/invoice/send/${edi ? 'edi/' : ''}${id}/`, body, t.adminToken);

describe('GET invoice/send/draft/{id} and invoice/send/edi/draft/{id}', () => {
  it("answers the e-mail as it would go: the sender, the customer's address, the templates filled, the files", async () => {
    const { invoice, customer } = await documentFixture(t);
    const number = invoice.invoiceNo.replace('Invoice/', '');
    const res = await draft(invoice.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().draft).toEqual({
      from: 'Wholesale Desk <desk@wholesale.test>',
      to: customer.email,
      cc: [],
      subject: `Invoice ${number} from ${res.json().draft.subject.split(' from ')[1]}`,
      message: expect.stringMatching(
        new RegExp(
          `^Dear Sam Lee,\n\nAttached is invoice ${number} of \\d\\d-\\d\\d-\\d{4}: amount \\$14\\.01, paid \\$5\\.00, balance \\$9\\.01\\.\n`,
        ),
      ),
      attachments: [`${number}.pdf`],
      warning: '',
    });
    const edi = (await draft(invoice.id, true)).json().draft;
    expect(edi.subject).toMatch(new RegExp(`^EDI files of invoice ${number} from `));
    expect(edi.attachments).toEqual([`Invoice_${number}_EDI_MS.csv`, `Invoice_${number}_EDI_C.x12`]);
  });

  it('says what stops a send: no address on the customer, a walk-in; 404, 400, 401', async () => {
    const { invoice } = await documentFixture(t, { email: '' });
    expect((await draft(invoice.id)).json().draft).toMatchObject({ to: '', warning: EMAIL_MESSAGES.noRecipient });
    const walkIn = await invoiceCalls(() => t).newInvoice();
    expect((await draft(walkIn.id)).json().draft).toMatchObject({ to: '', warning: DOCUMENT_MESSAGES.walkIn });
    const missing = await draft(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("The invoice doesn't exist");
    expect((await draft(999_999, true)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/invoice/send/draft/abc/', undefined, t.adminToken)).statusCode).toBe(400);
    expect((await draft(invoice.id, false, null)).statusCode).toBe(401);
  });
});

describe('POST invoice/send/{id} as composed', () => {
  it('goes to the typed address with copies, the typed subject and message, placeholders filled', async () => {
    smtp ??= await startMailServer();
    const { invoice } = await documentFixture(t);
    const res = await send(invoice.id, {
      to: ' owner@quickstop.test ',
      cc: ['books@quickstop.test', 'me@wholesale.test'],
      subject: 'Your order {invoice}',
      message: 'Hi {contact},\nbalance {balance}.\n{billerPhone}',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(DOCUMENT_MESSAGES.sent('owner@quickstop.test'));
    expect(res.json().outboxMessage).toMatchObject({
      to: 'owner@quickstop.test',
      cc: 'books@quickstop.test, me@wholesale.test',
      subject: `Your order ${invoice.invoiceNo.replace('Invoice/', '')}`,
    });
    const mail = smtp.received.at(-1);
    expect(mail?.to).toMatchObject({ text: 'owner@quickstop.test' });
    expect(mail?.cc).toMatchObject({ text: 'books@quickstop.test, me@wholesale.test' });
    expect(mail?.subject).toBe(`Your order ${invoice.invoiceNo.replace('Invoice/', '')}`);
    // The biller has no phone: its line is left out.
    expect(mail?.text?.trim()).toBe('Hi Sam Lee,\nbalance $9.01.');
  });

  it('sends a walk-in invoice or one of a customer without e-mail to a typed address; EDI too', async () => {
    smtp ??= await startMailServer();
    const { invoice } = await documentFixture(t, { email: '' });
    const res = await send(invoice.id, { to: 'counter@quickstop.test' }, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(smtp.received.at(-1)?.attachments.map((a) => a.filename?.split('.').at(-1))).toEqual(['csv', 'x12']);
    expect(smtp.received.at(-1)?.subject).toMatch(/^EDI files of invoice /);
  });

  it('takes the composed e-mail as the multipart part `email` beside the invoicePDF part', async () => {
    smtp ??= await startMailServer();
    const { invoice } = await documentFixture(t);
    const form = multipart([
      { name: 'email', data: JSON.stringify({ subject: 'Multipart {invoice}' }) },
      { name: 'invoicePDF', filename: 'x.pdf', contentType: 'application/pdf', data: '%PDF-1.4\n' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/invoice/send/${invoice.id}/`,
      payload: form.payload,
      headers: { token: t.adminToken, ...form.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(smtp.received.at(-1)?.subject).toBe(`Multipart ${invoice.invoiceNo.replace('Invoice/', '')}`);
  });

  it('refuses (400) a bad address, too many copies, an empty subject or an unknown placeholder; sends nothing', async () => {
    smtp ??= await startMailServer();
    const { invoice } = await documentFixture(t);
    const before = smtp.received.length;
    const cases: [unknown, string][] = [
      [{ to: 'not-an-address' }, 'to'],
      [{ cc: ['ok@store.test', 'bad'] }, 'cc.1'],
      [{ cc: Array.from({ length: 11 }, (_, i) => `c${i}@store.test`) }, 'cc'],
      [{ subject: '  ' }, 'subject'],
      [{ message: 'Dear {cutsomer}' }, 'message holds an unknown placeholder'],
    ];
    for (const [body, message] of cases) {
      const res = await send(invoice.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(smtp.received.length).toBe(before);
  });

  it('starts from the templates of Settings', async () => {
    smtp ??= await startMailServer();
    const { invoice } = await documentFixture(t);
    const set = (body: object) => t.call('PATCH', '/api/settings/update/', body, t.adminToken);
    expect(
      (await set({ emailSubject: '{customer}: invoice {invoice}', emailMessage: 'Due {balance}' })).statusCode,
    ).toBe(200);
    try {
      const composed = (await draft(invoice.id)).json().draft;
      expect(composed.subject).toMatch(
        new RegExp(`^Quick Stop #\\d+: invoice ${invoice.invoiceNo.replace('Invoice/', '')}$`),
      );
      expect(composed.message).toBe('Due $9.01');
      expect((await send(invoice.id, {})).statusCode).toBe(200);
      expect(smtp.received.at(-1)?.subject).toBe(composed.subject);
    } finally {
      await set({ emailSubject: '', emailMessage: '' });
    }
    const back = await t.call('GET', '/api/settings/', undefined, t.adminToken);
    expect(back.json().settings.emailSubject).toBe(DEFAULT_EMAIL_SUBJECT);
  });
});
