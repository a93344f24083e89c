import { DOCUMENT_MESSAGES } from '@wd/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { invoiceCalls } from '../../../test/invoices.js';
import { type SmtpTestServer, testAppWithMailServer } from './test-smtp.js';

const { t, startMailServer } = testAppWithMailServer();
const inv = invoiceCalls(() => t);
let smtp: SmtpTestServer;
let customer: number;
let noEmail: number;
const PERIOD = { startDate: '2026-10-01', endDate: '2026-10-31' };

beforeAll(async () => {
  smtp = await startMailServer();
  const post = async (url: string, body: unknown) => (await t.call('POST', url, body, t.adminToken)).json();
  const unit = await createProduct(t, { name: 'Mailed Unit', costPrice: 1, sellingPrice: 2.5 });
  customer = (
    await post('/api/customer/new/', { company: 'Mailed Mart', name: 'Dee Ray', email: 'dee@mailed-mart.test' })
  ).customer.id;
  noEmail = (await post('/api/customer/new/', { company: 'Paper Only Shop' })).customer.id;
  const { id } = await inv.newInvoice();
  await inv.setInvoice(id, { date: '2026-10-12', customerID: customer });
  await inv.addLine(id, unit.id);
  await inv.setInvoice(id, { status: 'DUE' });
});

const send = (id: number, body: unknown) => t.call('POST', `/api/customer/statement/email/${id}/`, body, t.adminToken);

describe('POST customer/statement/email/{id}', () => {
  it('sends the statement PDF of the period to the customer, the same bytes as the download, and lists it', async () => {
    const res = await send(customer, PERIOD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(DOCUMENT_MESSAGES.statementSent('dee@mailed-mart.test'));
    expect(res.json().outboxMessage).toMatchObject({
      kind: 'statementPdf',
      status: 'sent',
      invoiceID: 0,
      invoiceNo: '',
      customerID: customer,
      to: 'dee@mailed-mart.test',
    });
    const mail = smtp.received.at(-1);
    expect(mail?.subject).toBe('Statement of account 10-01-2026 to 10-31-2026 from My Company');
    expect(mail?.text).toContain('Dear Dee Ray,');
    expect(mail?.text).toContain('closing balance $2.50');
    const pdf = (await t.call('POST', `/api/customer/statement/pdf/${customer}/`, PERIOD, t.adminToken)).rawPayload;
    expect(mail?.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['statement-Mailed-Mart-2026-10-01_2026-10-31.pdf', 'application/pdf'],
    ]);
    expect(Buffer.compare(mail?.attachments[0].content as Buffer, pdf)).toBe(0);

    const sent = (await t.call('GET', `/api/customer/statement/sent/${customer}/`, undefined, t.adminToken)).json();
    expect(sent.outboxMessages.map((m: { kind: string; status: string }) => [m.kind, m.status])).toEqual([
      ['statementPdf', 'sent'],
    ]);
    // The outbox list shows it beside the invoices' messages.
    const all = (await t.call('POST', '/api/outbox/all', { searchQuery: 'Statement of account' }, t.adminToken)).json();
    expect(all.outboxMessages).toHaveLength(1);
  });

  it('answers 409 for a customer without an e-mail address, 404 for an unknown one, 400 for a bad period, 401 without a session', async () => {
    const none = await send(noEmail, PERIOD);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(DOCUMENT_MESSAGES.noEmail);
    const missing = await send(999_999, PERIOD);
    expect(missing.statusCode).toBe(404);
    expect((await t.call('GET', '/api/customer/statement/sent/999999/', undefined, t.adminToken)).statusCode).toBe(404);
    const backwards = await send(customer, { startDate: '2026-11-01', endDate: '2026-10-01' });
    expect(backwards.statusCode).toBe(400);
    expect((await t.call('POST', `/api/customer/statement/email/${customer}/`, PERIOD, null)).statusCode).toBe(401);
    // Nothing was queued by the refusals.
    const sent = (await t.call('GET', `/api/customer/statement/sent/${noEmail}/`, undefined, t.adminToken)).json();
    expect(sent.outboxMessages).toEqual([]);
  });
});
