import type { DeviceFlagKind, DeviceFlagListFilter, DeviceFlagRecord, DeviceFlagState } from '@wd/contracts';
import { and, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { deviceFlags, invoices, users } from '../../db/schema/index.js';
import { listPage } from '../../lib/list.js';
import { searchCondition } from '../../lib/list-search.js';

/** Who settled a flag: the users table a second time. */
const resolvers = alias(users, 'resolvers');

/** The one selection of a flag: its driver's and settler's usernames and its invoice's number. */
const columns = {
  id: deviceFlags.id,
  invoiceID: sql<number>`coalesce(${deviceFlags.invoiceId}, 0)`.mapWith(Number),
  invoiceNo: sql<string>`coalesce(${invoices.invoiceNo}, '')`,
  driver: users.username,
  deviceID: deviceFlags.deviceId,
  kind: deviceFlags.kind,
  message: deviceFlags.message,
  createdAt: deviceFlags.createdAt,
  resolvedAt: deviceFlags.resolvedAt,
  resolvedBy: sql<string>`coalesce(${resolvers.username}, '')`,
  note: deviceFlags.note,
};
export interface FlagRow {
  id: number;
  invoiceID: number;
  invoiceNo: string;
  driver: string;
  deviceID: string;
  kind: string;
  message: string;
  createdAt: Date;
  resolvedAt: Date | null;
  resolvedBy: string;
  note: string;
}

/** Row → wire: times as ISO text. */
export function toDeviceFlagRecord(row: FlagRow): DeviceFlagRecord {
  return {
    ...row,
    kind: row.kind as DeviceFlagKind,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
  };
}

const sortable = { createdAt: deviceFlags.createdAt, kind: deviceFlags.kind, driver: users.username };
const searchable = [deviceFlags.message, users.username, invoices.invoiceNo];

function select(db: Tx, fields: SelectedFields) {
  return db
    .select(fields)
    .from(deviceFlags)
    .innerJoin(users, eq(users.id, deviceFlags.userId))
    .leftJoin(invoices, eq(invoices.id, deviceFlags.invoiceId))
    .leftJoin(resolvers, eq(resolvers.id, deviceFlags.resolvedBy));
}

function stateCondition(state: DeviceFlagState): SQL | undefined {
  if (state === 'open') return isNull(deviceFlags.resolvedAt);
  if (state === 'settled') return isNotNull(deviceFlags.resolvedAt);
  return undefined;
}

export const deviceFlagsRepository = {
  /** One page of flags in a state, newest first unless sorted otherwise. */
  async list(db: Tx, filter: DeviceFlagListFilter) {
    const { rows, totalRows } = await listPage(filter, {
      from: (fields: SelectedFields) => select(db, fields),
      columns,
      where: and(stateCondition(filter.state), searchCondition(filter.searchQuery, searchable)),
      sortable,
      order: [desc(deviceFlags.createdAt), desc(deviceFlags.id)],
    });
    return { rows: rows as FlagRow[], totalRows };
  },

  async find(db: Tx, id: number): Promise<FlagRow | undefined> {
    const [row] = await select(db, columns).where(eq(deviceFlags.id, id));
    return row as unknown as FlagRow | undefined;
  },

  /** Locks a flag's row until the transaction ends; undefined when there is no such flag. */
  async lock(db: Tx, id: number) {
    const [row] = await db
      .select({ id: deviceFlags.id, resolvedAt: deviceFlags.resolvedAt })
      .from(deviceFlags)
      .where(eq(deviceFlags.id, id))
      .for('update');
    return row;
  },

  async settle(db: Tx, id: number, userId: number, note: string) {
    await db
      .update(deviceFlags)
      .set({ resolvedAt: sql`now()`, resolvedBy: userId, note })
      .where(eq(deviceFlags.id, id));
  },
};
