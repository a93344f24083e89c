import type { OutboxFilter, OutboxMessage } from '@wd/contracts';
import { and, asc, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '../../db/client.js';
import { invoices, outbox, outboxStatusCountDeltas, outboxStatusCounts, users } from '../../db/schema/index.js';
import { listPage, pageByIds } from '../../lib/list.js';
import { searchCondition } from '../../lib/list-search.js';

/** What a list row holds: the message without its bytes, with the invoice number and who asked. */
const columns = {
  id: outbox.id,
  kind: outbox.kind,
  invoiceID: sql<number>`coalesce(${outbox.invoiceId}, 0)`,
  invoiceNo: sql<string>`coalesce(${invoices.invoiceNo}, '')`,
  customerID: sql<number>`coalesce(${outbox.customerId}, 0)`,
  to: outbox.to,
  cc: outbox.cc,
  subject: outbox.subject,
  attachments: outbox.attachments,
  status: outbox.status,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  createdAt: outbox.createdAt,
  nextAttemptAt: outbox.nextAttemptAt,
  sentAt: outbox.sentAt,
  createdBy: sql<string>`coalesce(${users.username}, '')`,
};
const sortable = {
  createdAt: outbox.createdAt,
  // Invoice numbers in the order they were given, as the invoice list sorts them: the invoice's id.
  invoiceNo: outbox.invoiceId,
  to: outbox.to,
  subject: outbox.subject,
  status: outbox.status,
  attempts: outbox.attempts,
};

type Row = { [K in keyof typeof columns]: unknown } & {
  attachments: { filename: string }[];
  status: 'queued' | 'sending' | 'sent' | 'failed';
  createdAt: Date;
  nextAttemptAt: Date | null;
  sentAt: Date | null;
};

/** Row → wire: a message being sent right now is still 'queued' to the reader; times as ISO text. */
export function toOutboxMessage(row: Row): OutboxMessage {
  return {
    ...(row as unknown as OutboxMessage),
    attachments: row.attachments.map((a) => a.filename),
    status: row.status === 'sending' ? 'queued' : row.status,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.status === 'sent' || row.status === 'failed' ? null : (row.nextAttemptAt?.toISOString() ?? null),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

function select(db: Tx, fields: SelectedFields) {
  return db
    .select(fields)
    .from(outbox)
    .leftJoin(invoices, eq(invoices.id, outbox.invoiceId))
    .leftJoin(users, eq(users.id, outbox.createdBy));
}

/** What the worker and a retry claim: everything needed to send, bytes included. */
export type ClaimedMessage = typeof outbox.$inferSelect;

/**
 * How many messages hold one of `statuses` (all, without), from the kept status counts and the
 * deltas not folded yet, in one statement: one snapshot whether or not a fold commits meanwhile.
 */
async function statusCount(db: Tx, statuses: string[] | undefined) {
  const of = (column: typeof outboxStatusCounts.status | typeof outboxStatusCountDeltas.status) =>
    statuses ? inArray(column, statuses) : undefined;
  const folded = db
    .select({ n: sql`coalesce(sum(${outboxStatusCounts.messages}), 0)` })
    .from(outboxStatusCounts)
    .where(of(outboxStatusCounts.status));
  const pending = db
    .select({ n: sql`coalesce(sum(${outboxStatusCountDeltas.messages}), 0)` })
    .from(outboxStatusCountDeltas)
    .where(of(outboxStatusCountDeltas.status));
  const [row] = rowsOf<{ n: string }>(await db.execute(sql`select (${folded}) + (${pending}) as n`));
  return { totalRows: Number(row.n), totals: {} };
}

const retriable = or(eq(outbox.status, 'queued'), eq(outbox.status, 'failed'));
/** The attempts after a retry: counted on for a queued message, from `first` again for a failed one. */
const restart = (first: number) =>
  sql`case when ${outbox.status} = 'failed' then ${first} else ${outbox.attempts} + ${first === 0 ? 0 : 1} end`;

/** The columns the list's search looks in. */
const SEARCHED = [outbox.to, outbox.subject, outbox.invoiceNo, outbox.lastError];

/**
 * Whether a search text matches every message: a part of "Invoice/", which begins every number
 * the app gives, is in every message keeping such a number; the others (statements, an invoice
 * numbered otherwise: few, read from their partial index, migration 0077) are tested one by one.
 * The list then answers as with no search (the kept counts, a page from an index) instead of
 * testing 110,000 messages for "Inv" (85 ms of SQL), as the invoice list does.
 */
async function everyMessageMatches(db: Tx, text: string): Promise<boolean> {
  if (!'invoice/'.includes(text.toLowerCase())) return false;
  const [row] = rowsOf<{ every: boolean }>(
    await db.execute(sql`select not exists (select 1 from ${outbox}
      where (${outbox.invoiceNo} is null or ${outbox.invoiceNo} not ilike 'Invoice/%')
        and not coalesce(${searchCondition(text, SEARCHED)}, false)) as every`),
  );
  return row.every === true;
}

export const outboxRepository = {
  async insert(db: Tx, row: typeof outbox.$inferInsert): Promise<ClaimedMessage> {
    const [created] = await db.insert(outbox).values(row).returning();
    return created;
  },
  async find(db: Tx, id: number): Promise<OutboxMessage | undefined> {
    const [row] = await select(db, columns).where(eq(outbox.id, id));
    return row && toOutboxMessage(row as unknown as Row);
  },
  /** A customer's statements sent, newest first. */
  async ofCustomer(db: Tx, customerId: number): Promise<OutboxMessage[]> {
    const rows = await select(db, columns)
      .where(eq(outbox.customerId, customerId))
      .orderBy(desc(outbox.createdAt), desc(outbox.id));
    return rows.map((r) => toOutboxMessage(r as unknown as Row));
  },
  /** An invoice's messages, newest first. */
  async ofInvoice(db: Tx, invoiceId: number): Promise<OutboxMessage[]> {
    const rows = await select(db, columns)
      .where(eq(outbox.invoiceId, invoiceId))
      .orderBy(desc(outbox.createdAt), desc(outbox.id));
    return rows.map((r) => toOutboxMessage(r as unknown as Row));
  },
  async list(db: Tx, filter: OutboxFilter) {
    // 'queued' on the wire covers the rows being sent at this moment.
    const chosen = filter.status && filter.status !== 'All' ? filter.status : undefined;
    const statuses: Row['status'][] | undefined =
      chosen === 'queued' ? ['queued', 'sending'] : chosen ? [chosen] : undefined;
    const status = statuses ? inArray(outbox.status, statuses) : undefined;
    // The invoice's number as the message keeps it (the same as the invoice's): every searched
    // column is the outbox's own, each with its trigram index, and no join is needed to match.
    const text = filter.searchQuery?.trim() ?? '';
    const search = text && !(await everyMessageMatches(db, text)) ? searchCondition(text, SEARCHED) : undefined;
    // Newest first; sorted by a column, its ties by id in the sort's direction, so the
    // (column, id) index gives a page either way, and the last pages are read from the end.
    const sorted = (filter.sortingList ?? []).length > 0;
    const ascending = filter.sortingList?.[0]?.order === 'asc';
    const page = await listPage(filter, {
      from: (fields) => select(db, fields),
      columns,
      where: and(status, search),
      sortable,
      order: sorted ? [ascending ? asc(outbox.id) : desc(outbox.id)] : [desc(outbox.createdAt), desc(outbox.id)],
      reversedOrder: sorted ? [ascending ? desc(outbox.id) : asc(outbox.id)] : [asc(outbox.createdAt), asc(outbox.id)],
      aggregate: search ? undefined : () => statusCount(db, statuses),
      // The page's ids are read from the outbox alone (a middle page skips index entries, not
      // joined rows), then only those rows joined.
      page: pageByIds(db, outbox, outbox.id, and(status, search), (w) => select(db, columns).where(w)),
      countFrom: (fields) => db.select(fields).from(outbox),
    });
    return { ...page, rows: page.rows.map((r) => toOutboxMessage(r as unknown as Row)) };
  },
  /**
   * Claims up to `limit` messages whose attempt is due, for one sender only:
   * they become 'sending' with a lease until `leaseUntil` (SKIP LOCKED, so two
   * workers never take the same row). A 'sending' row whose lease ran out
   * (the process died mid-send) is due again.
   */
  claimDue(db: Tx, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedMessage[]> {
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(inArray(outbox.status, ['queued', 'sending']), lte(outbox.nextAttemptAt, now)))
      .orderBy(outbox.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(outbox)
      .set({ status: 'sending', attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: leaseUntil })
      .where(inArray(outbox.id, due))
      .returning();
  },
  /**
   * Claims one queued or failed message now (a retry); none when it is sent or
   * being sent. A failed message starts a new series of attempts.
   */
  async claim(db: Tx, id: number, leaseUntil: Date): Promise<ClaimedMessage | undefined> {
    const [row] = await db
      .update(outbox)
      .set({ status: 'sending', attempts: restart(1), nextAttemptAt: leaseUntil })
      .where(and(eq(outbox.id, id), retriable))
      .returning();
    return row;
  },
  /** Without a mail server a retry can only put the message back in the queue, due at once. */
  async requeue(db: Tx, id: number, error: string) {
    await db
      .update(outbox)
      .set({ status: 'queued', attempts: restart(0), lastError: error, nextAttemptAt: new Date() })
      .where(and(eq(outbox.id, id), retriable));
  },
  async status(db: Tx, id: number) {
    const [row] = await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id));
    return row?.status;
  },
  /** The end of one attempt: sent, queued again for `nextAttemptAt`, or failed for good. */
  async settle(
    db: Tx,
    id: number,
    result:
      | { status: 'sent' }
      | { status: 'queued'; error: string; nextAttemptAt: Date }
      | { status: 'failed'; error: string },
  ) {
    await db
      .update(outbox)
      .set(
        result.status === 'sent'
          ? { status: 'sent', sentAt: new Date(), lastError: '', nextAttemptAt: null }
          : result.status === 'queued'
            ? { status: 'queued', lastError: result.error, nextAttemptAt: result.nextAttemptAt }
            : { status: 'failed', lastError: result.error, nextAttemptAt: null },
      )
      .where(and(eq(outbox.id, id), eq(outbox.status, 'sending')));
  },
};
