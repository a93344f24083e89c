import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentFixture } from '../../../test/documents.js';
import { testApp } from '../../../test/helpers.js';
import { rowsOf } from '../../db/client.js';
import { foldRollups } from '../../db/rollups.js';

// The outbox list's count from the kept status counts and its sorts (ties by id in the sort's
// direction), every page against the plain definition.

const t = testApp();
const db = () => t.database.db;

type Sort = { column: string; order: 'asc' | 'desc' } | undefined;
const COLUMNS: Record<string, string> = {
  createdAt: 'o.created_at',
  invoiceNo: 'o.invoice_id',
  to: 'o."to"',
  subject: 'o.subject',
  status: 'o.status',
  attempts: 'o.attempts',
};

/** The page by definition: the wire's statuses ('queued' covers 'sending'), the sort, then id. */
async function definition(status: string, sort: Sort, page: number, size: number, search = '') {
  const statuses =
    status === 'queued' ? ['queued', 'sending'] : status ? [status] : ['queued', 'sending', 'sent', 'failed'];
  const text = `%${search.replace(/[\\%_]/g, '\\$&')}%`;
  const where = sql`o.status in (${sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  )}) and (o."to" ilike ${text} or o.subject ilike ${text} or coalesce(i.invoice_no, '') ilike ${text}
    or o.last_error ilike ${text})`;
  const from = sql`from outbox o left join invoices i on i.id = o.invoice_id where ${where}`;
  const order = sort ? `${COLUMNS[sort.column]} ${sort.order}, o.id ${sort.order}` : 'o.created_at desc, o.id desc';
  const ids = rowsOf<{ id: number }>(
    await db().execute(sql`select o.id ${from} order by ${sql.raw(order)} limit ${size} offset ${(page - 1) * size}`),
  ).map((r) => Number(r.id));
  const [{ n }] = rowsOf<{ n: string }>(await db().execute(sql`select count(*) as n ${from}`));
  return { ids, totalRows: Number(n) };
}

async function served(status: string, sort: Sort, page: number, size: number, searchQuery = '') {
  const res = await t.call(
    'POST',
    '/api/outbox/all/',
    { status, searchQuery, sortingList: sort ? [sort] : [], currentPage: page, resultsPerPage: size },
    t.adminToken,
  );
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { ids: body.outboxMessages.map((m: { id: number }) => m.id), totalRows: body.totalRows };
}

const SORTS: Sort[] = [
  undefined,
  ...Object.keys(COLUMNS).flatMap((column) => (['asc', 'desc'] as const).map((order) => ({ column, order }))),
];

async function expectEveryPage(statuses: string[], size: number, search = '') {
  for (const status of statuses) {
    for (const sort of SORTS) {
      const { totalRows } = await definition(status, sort, 1, size, search);
      for (let page = 1; page <= Math.ceil(totalRows / size) + 1; page++) {
        expect(await served(status, sort, page, size, search), JSON.stringify({ status, sort, page, search })).toEqual(
          await definition(status, sort, page, size, search),
        );
      }
    }
  }
}

/**
 * 150 messages: statements (no invoice) and an invoice's, to eight addresses, four subjects,
 * every status, 0–3 attempts, every fourth pair written at the same instant; a first part
 * folded, the rest pending.
 */
let invoiceId = 0;
let invoiceNo = '';
beforeAll(async () => {
  const { invoice, customer } = await documentFixture(t);
  invoiceId = invoice.id;
  invoiceNo = invoice.invoiceNo;
  const write = (from: number, to: number) =>
    db().execute(sql`
      insert into outbox (kind, invoice_id, customer_id, "to", subject, body, attachments, data, status, attempts,
        created_at)
      select 'invoicePdf', case when n % 3 = 0 then null else ${invoice.id}::int end,
        case when n % 3 = 0 then ${customer.id}::int end,
        'store' || (n * 5) % 8 || '@example.com', (array['Invoice A', 'Invoice B', 'Statement', 'EDI'])[1 + n % 4],
        '', '[]'::jsonb, ''::bytea, (array['queued', 'sending', 'sent', 'failed'])[1 + (n * 7) % 4], n % 4,
        timestamptz '2026-06-01 00:00:00Z' + ((n - n % 4 / 3) * interval '7 minutes')
      from generate_series(${from}::int, ${to}::int) n`);
  await write(0, 59);
  await foldRollups(db());
  await write(60, 149);
});

describe('the outbox list', () => {
  it('pages every status under every sort as the plain definition, part folded, part pending', async () => {
    await expectEveryPage(['', 'queued', 'sent', 'failed'], 25);
  });

  it("finds a message by its invoice's number, address, subject or error, as the definition does", async () => {
    await db().execute(sql`update outbox set last_error = '550 Mailbox unavailable' where id % 9 = 0`);
    for (const search of [invoiceNo, 'store3@', 'Statement', 'mailbox', 'nothing like this']) {
      await expectEveryPage(['', 'sent'], 25, search);
    }
    expect((await served('', undefined, 1, 200, invoiceNo)).totalRows).toBe(100);
  });

  it('answers a part of "Invoice/" as no search only while every message matches it', async () => {
    // Statements ('Statement', 'EDI' subjects, no invoice) do not hold "inv": searched, not every message.
    for (const search of ['Inv', '/']) await expectEveryPage([''], 25, search);
    expect((await served('', undefined, 1, 200, 'Inv')).totalRows).toBeLessThan(150);
    await db().execute(sql`update outbox set subject = 'Invoices owed' where invoice_id is null`);
    try {
      // Now every message holds "Inv" (the invoice's number, or the statement's subject): no search.
      for (const search of ['INVOICE', 'voice/']) await expectEveryPage(['', 'failed'], 50, search);
      expect((await served('', undefined, 1, 200, 'inv')).totalRows).toBe(150);
    } finally {
      await db().execute(sql`update outbox set subject = 'Statement' where invoice_id is null`);
    }
  });

  it("follows an invoice's new number", async () => {
    await db().execute(sql`update invoices set invoice_no = ${`${invoiceNo}-R`} where id = ${invoiceId}`);
    expect((await served('', undefined, 1, 200, `${invoiceNo}-R`)).totalRows).toBe(100);
    await expectEveryPage([''], 50, '-R');
    await db().execute(sql`update invoices set invoice_no = ${invoiceNo} where id = ${invoiceId}`);
  });

  it('keeps its counts as messages are sent, fail, are deleted, and when the outbox is emptied', async () => {
    await db().execute(sql`update outbox set status = 'sent', attempts = attempts + 1 where status = 'sending'`);
    await db().execute(sql`update outbox set status = 'failed' where id % 5 = 0 and status = 'queued'`);
    await foldRollups(db());
    await db().execute(sql`delete from outbox where id % 7 = 0`);
    await expectEveryPage(['', 'queued', 'sent', 'failed'], 40);
    await db().execute(sql`truncate outbox`);
    expect(await served('', undefined, 1, 10)).toEqual({ ids: [], totalRows: 0 });
    expect(await served('sent', { column: 'to', order: 'desc' }, 2, 10)).toEqual({ ids: [], totalRows: 0 });
  });
});
