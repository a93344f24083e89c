import {
  DEFAULT_EMAIL_MESSAGE,
  DEFAULT_EMAIL_SUBJECT,
  DEFAULT_SETTINGS,
  dayEndIn,
  EMAIL_MESSAGES,
  todayIn,
} from '@wd/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documentFixture } from '../../../test/documents.js';
import { createTestApp } from '../../../test/helpers.js';
import { type SmtpTestServer, testAppWithMailServer } from '../outbox/test-smtp.js';

const { t, startMailServer } = testAppWithMailServer();
let smtp: SmtpTestServer | undefined;

const get = (token?: string | null) => t.call('GET', '/api/settings/', undefined, token);

/** The business's zone and today's date there, as every settings answer carries them. */
const businessDay = () => ({
  timeZone: 'America/Chicago',
  today: todayIn('America/Chicago'),
  todayEndsAt: new Date(dayEndIn('America/Chicago')).toISOString(),
});
const update = (body: unknown, token: string | null = t.adminToken) =>
  t.call('PATCH', '/api/settings/update/', body, token);

describe('GET settings', () => {
  it('answers the defaults before any save, to any signed-in user', async () => {
    const { token } = await t.createUser('settings-reader');
    const res = await get(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      settings: {
        resultsPerPage: 10,
        resultsPerInput: 50,
        pagesDisplayed: 5,
        invoiceResultsPerPage: true,
        resultsPerInputInvoices: 50,
        resultsPerInputCustomers: 50,
        showSuggestedAnalysis: false,
        showIndividualMargin: false,
        showDamagedGoods: false,
        mailFrom: '',
        emailSubject: DEFAULT_EMAIL_SUBJECT,
        emailMessage: DEFAULT_EMAIL_MESSAGE,
        paperSize: 'A4',
      },
      // The business's zone, the date there and when it ends: the browser takes "today" from
      // these, not from its own clock's zone.
      ...businessDay(),
    });
    const day = res.json();
    const endsAt = Date.parse(day.todayEndsAt);
    expect(todayIn('America/Chicago', new Date(endsAt - 1))).toBe(day.today);
    expect(todayIn('America/Chicago', new Date(endsAt))).not.toBe(day.today);
  });

  it('answers 401 without a token', async () => {
    expect((await get(null)).statusCode).toBe(401);
  });
});

describe('PATCH settings/update', () => {
  it('changes the given fields as an admin, keeps the others, and GET answers the new values', async () => {
    const res = await update({
      resultsPerPage: 25,
      pagesDisplayed: 7,
      mailFrom: ' Acme <sales@acme.test> ',
      paperSize: 'Letter',
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      ...DEFAULT_SETTINGS,
      resultsPerPage: 25,
      pagesDisplayed: 7,
      mailFrom: 'Acme <sales@acme.test>',
      paperSize: 'Letter',
    };
    expect(res.json()).toEqual({ settings: expected, ...businessDay() });
    expect((await update({ resultsPerInputCustomers: 20 })).json().settings).toEqual({
      ...expected,
      resultsPerInputCustomers: 20,
    });
    expect((await get(t.adminToken)).json().settings).toEqual({ ...expected, resultsPerInputCustomers: 20 });
  });

  it('takes {} as no change: the settings as they are, nothing written, no audit entry', async () => {
    await update({ resultsPerPage: 30 });
    const trace = async () => {
      const res = await t.database.db.execute(
        sql`select (select count(*)::int from audit_log where entity = 'settings') as entries,
                   (select xmin::text from settings where id = 1) as version`,
      );
      return (res as unknown as { rows: { entries: number; version: string }[] }).rows[0];
    };
    const before = await trace();
    const settings = (await get(t.adminToken)).json();
    const res = await update({});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(settings);
    expect(settings.settings.resultsPerPage).toBe(30);
    expect(await trace()).toEqual(before);
  });

  it('refuses a non-admin with 403 and changes nothing', async () => {
    const { token } = await t.createUser('settings-user');
    const before = (await get(token)).json();
    const res = await update({ resultsPerPage: 100 }, token);
    expect(res.statusCode).toBe(403);
    expect((await get(token)).json()).toEqual(before);
  });

  it('answers 401 without a token', async () => {
    expect((await update({ resultsPerPage: 100 }, null)).statusCode).toBe(401);
  });

  it.each([
    [{ resultsPerPage: 0 }, 'resultsPerPage', 'resultsPerPage must be a number ≥ 1'],
    [{ resultsPerPage: 501 }, 'resultsPerPage', 'resultsPerPage must be a number ≤ 500'],
    [{ pagesDisplayed: 2.5 }, 'pagesDisplayed', 'pagesDisplayed must be a number'],
    [{ resultsPerInput: 201 }, 'resultsPerInput', 'resultsPerInput must be a number ≤ 200'],
    [{ showDamagedGoods: 'yes' }, 'showDamagedGoods', 'showDamagedGoods must be true or false'],
    [{ mailFrom: 'not an address' }, 'mailFrom', 'mailFrom must be a valid e-mail address'],
    [{ mailFrom: 'Acme <nope>' }, 'mailFrom', 'mailFrom must be a valid e-mail address'],
    [{ paperSize: 'A3' }, 'paperSize', 'paperSize must be one of A4, Letter'],
    [{ paperSize: 'letter' }, 'paperSize', 'paperSize must be one of A4, Letter'],
    [{ paperSize: '' }, 'paperSize', 'paperSize must be one of A4, Letter'],
    [{ paperSize: null }, 'paperSize', 'paperSize must be one of A4, Letter'],
  ])('refuses %j with 400 naming the field', async (body, field, message) => {
    const before = (await get(t.adminToken)).json();
    const res = await update(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ field, message });
    expect((await get(t.adminToken)).json()).toEqual(before);
  });
});

describe('what reads the settings', () => {
  const newInvoice = async () => {
    const created = await t.call('POST', '/api/invoice/new/invoice/', undefined, t.adminToken);
    expect(created.statusCode).toBe(200);
    const id = created.json().invoice.id;
    return (await t.call('POST', `/api/invoice/summary/${id}/`, undefined, t.adminToken)).json().invoiceSummary;
  };

  it('a new invoice takes the flag defaults of the moment', async () => {
    await update({ showSuggestedAnalysis: true, showIndividualMargin: false, showDamagedGoods: true });
    expect(await newInvoice()).toMatchObject({
      showSuggestedAnalysis: 1,
      showIndividualMargin: 0,
      showDamagedGoods: 1,
    });
    await update({ showSuggestedAnalysis: false, showIndividualMargin: true, showDamagedGoods: false });
    expect(await newInvoice()).toMatchObject({
      showSuggestedAnalysis: 0,
      showIndividualMargin: 1,
      showDamagedGoods: 0,
    });
  });

  it("e-mails go from the settings' sender when set, else from MAIL_FROM", async () => {
    smtp = await startMailServer();
    const { invoice } = await documentFixture(t);
    await update({ mailFrom: 'Acme Sales <sales@acme.test>' });
    expect((await t.call('POST', `/api/invoice/send/${invoice.id}/`, undefined, t.adminToken)).statusCode).toBe(200);
    await update({ mailFrom: '' });
    expect((await t.call('POST', `/api/invoice/send/${invoice.id}/`, undefined, t.adminToken)).statusCode).toBe(200);
    expect(smtp.received.map((m) => m.from?.text)).toEqual([
      '"Acme Sales" <sales@acme.test>',
      '"Wholesale Desk" <desk@wholesale.test>',
    ]);
  });

  it('refuses a sender no one can reply to: on save (400), and at send while MAIL_FROM is one (409)', async () => {
    const refusals = {
      'invoices@localhost': 'mailFrom must be a valid e-mail address',
      'Desk <desk@shop.local>': 'mailFrom must be an address stores can reply to, not localhost',
      'Desk <desk@mail.localhost>': 'mailFrom must be an address stores can reply to, not localhost',
    };
    for (const [mailFrom, message] of Object.entries(refusals)) {
      const res = await t.call('PATCH', '/api/settings/update/', { mailFrom }, t.adminToken);
      expect(res.statusCode, mailFrom).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const local = await createTestApp({ mailFrom: 'Wholesale Desk <invoices@localhost>' });
    try {
      const { invoice } = await documentFixture(local);
      const res = await local.call('POST', `/api/invoice/send/${invoice.id}/`, undefined, local.adminToken);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(EMAIL_MESSAGES.localSender('Wholesale Desk <invoices@localhost>'));
      // Nothing was stored: the outbox is empty.
      const outbox = await local.call('POST', '/api/outbox/all/', {}, local.adminToken);
      expect(outbox.json().totalRows).toBe(0);
      // The compose step says so before anyone presses Send.
      const draft = await local.call('GET', `/api/invoice/send/draft/${invoice.id}/`, undefined, local.adminToken);
      expect(draft.json().draft.warning).toBe(EMAIL_MESSAGES.localSender('Wholesale Desk <invoices@localhost>'));
      // Set in Settings, it goes.
      await local.call('PATCH', '/api/settings/update/', { mailFrom: 'Sales <sales@acme.test>' }, local.adminToken);
      const sent = await local.call('POST', `/api/invoice/send/${invoice.id}/`, undefined, local.adminToken);
      expect(sent.statusCode, sent.body).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('keeps e-mail templates: unknown placeholders refused, an empty one restores the default', async () => {
    const bad = await t.call('PATCH', '/api/settings/update/', { emailSubject: 'Invoice {invoce}' }, t.adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^emailSubject holds an unknown placeholder; use \{invoice\} /);
    const saved = await t.call(
      'PATCH',
      '/api/settings/update/',
      { emailSubject: 'Your invoice {invoice}' },
      t.adminToken,
    );
    expect(saved.json().settings.emailSubject).toBe('Your invoice {invoice}');
    const reset = await t.call('PATCH', '/api/settings/update/', { emailSubject: '' }, t.adminToken);
    expect(reset.json().settings.emailSubject).toBe(DEFAULT_EMAIL_SUBJECT);
  });
});
