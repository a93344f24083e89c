import { type AuditFilter, addDays } from '@wd/contracts';
import { and, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import { nextMonth } from '../../db/periods.js';
import { auditDayCountDeltas, auditDayCounts, auditMonthCounts } from '../../db/schema/index.js';

// A page of the audit trail found through the day counts (audit_day_counts, migration 0067)
// instead of by skipping entries: the counts say on which day (and, sorted by user, kind of
// record or action, under which of their values) the page's first entry lies, and how many
// entries of that day come before it; the page is then read from that day on, through the index
// of the filter (`created_at`, or `(user_id | entity | action, created_at)`). Page 264,908 of
// 2.6 million entries skipped every one of them (1.2 s); now it skips at most a day's entries.

/** The column a sort groups the trail by before its time: one value after the other. */
export type SeekKey = 'user' | 'entity' | 'action';

/** How a seekable page is ordered: by the key's values (if any), then by time. */
export interface SeekOrder {
  key?: SeekKey;
  keyDescending: boolean;
  timeDescending: boolean;
}

/**
 * The seek's order for the filter, or undefined when the counts cannot find the page: a search
 * or one record's id (the counts know neither), or a sort by more than one column.
 */
export function seekOrder(filter: AuditFilter): SeekOrder | undefined {
  if (filter.searchQuery.trim() || filter.entityId) return undefined;
  const items = filter.sortingList ?? [];
  if (items.length > 1) return undefined;
  const [item] = items;
  if (!item) return { keyDescending: false, timeDescending: true };
  const descending = item.order === 'desc';
  if (item.column === 'createdAt') return { keyDescending: false, timeDescending: descending };
  if (item.column === 'user' || item.column === 'entity' || item.column === 'action') {
    return { key: item.column, keyDescending: descending, timeDescending: true };
  }
  return undefined;
}

/** A value of the key: a user's id (0: none), an entity or an action; 0 without a key. */
export type SeekValue = number | string;

/** Where the page starts, and what the counts say about the whole trail under the filter. */
export interface SeekStart {
  /** Entries matching the filter. */
  total: number;
  /** The first entry's key value and UTC day, and how many entries of that value and day come before it. */
  value: SeekValue;
  day: string;
  skip: number;
  /** The key's values with entries under the filter, in the page's order (one, 0, without a key). */
  values: SeekValue[];
}

type CountTable = typeof auditDayCounts | typeof auditMonthCounts | typeof auditDayCountDeltas;

/** Users and kinds of record a search names (their entries match it whatever their values). */
export interface SearchKeys {
  userIds: number[];
  entities: string[];
}

/**
 * The filter's conditions on a count table that the counts know, but the period; with `keys`,
 * only the entries of those users or kinds of record (no user is 0 here, never one of theirs).
 */
function countConditions(filter: AuditFilter, table: CountTable, keys?: SearchKeys): SQL {
  const named = keys
    ? (or(
        keys.userIds.length ? inArray(table.userId, keys.userIds) : undefined,
        keys.entities.length ? inArray(table.entity, keys.entities) : undefined,
      ) ?? sql`false`)
    : undefined;
  return (
    and(
      filter.userId ? eq(table.userId, filter.userId) : undefined,
      filter.entity ? eq(table.entity, filter.entity) : undefined,
      filter.action ? eq(table.action, filter.action) : undefined,
      named,
    ) ?? sql`true`
  );
}

const monthOf = (day: string) => `${day.slice(0, 8)}01`;

/**
 * The period (whole UTC days, [from, until)) as whole months, counted from the monthly table, and
 * the days of a month it cuts at either end, counted from the daily one.
 */
export function periodParts(filter: Pick<AuditFilter, 'startDate' | 'endDate'>) {
  const from = filter.startDate || undefined;
  const until = filter.endDate ? addDays(filter.endDate, 1) : undefined;
  const days = (a: string | undefined, b: string | undefined) =>
    and(a ? sql`day >= ${a}` : undefined, b ? sql`day < ${b}` : undefined) ?? sql`true`;
  const first = from && (from.endsWith('-01') ? from : nextMonth(from));
  const last = until && monthOf(until);
  if (first && last && first >= last)
    return { months: sql`false`, edges: days(from, until), period: days(from, until) };
  const edges: SQL[] = [];
  if (from && first && from !== first) edges.push(days(from, first));
  if (until && last && until !== last) edges.push(days(last, until));
  return {
    months: and(first ? sql`month >= ${first}` : undefined, last ? sql`month < ${last}` : undefined) ?? sql`true`,
    edges: edges.length ? sql`(${sql.join(edges, sql` or `)})` : sql`false`,
    period: days(from, until),
  };
}

const direction = (descending: boolean) => sql.raw(descending ? 'desc' : 'asc');

/**
 * The entries under the filter and where the entry at `offset` lies, in one statement over the
 * folded counts and the deltas not folded yet (one snapshot whether or not a fold commits
 * meanwhile): first the month (the monthly counts, the edge days and the deltas per key value
 * and month), then the day inside it (that month's daily counts of that value). `value` and
 * `day` are undefined when the offset is past the end.
 */
export async function seekStart(
  db: Tx,
  filter: AuditFilter,
  order: SeekOrder,
  offset: number,
  keys?: SearchKeys,
): Promise<SeekStart | (Omit<SeekStart, 'value' | 'day'> & { value?: undefined; day?: undefined })> {
  const { months, edges, period } = periodParts(filter);
  const figures = sql`user_id, entity, action, entries`;
  const keyOf = (alias: string) =>
    order.key === 'user' ? sql.raw(`${alias}.user_id`) : order.key ? sql.raw(`${alias}.${order.key}`) : sql`0`;
  const rank = order.key === 'user' ? sql`coalesce(u.username, '')` : keyOf('c');
  const users = order.key === 'user' ? sql`left join users u on u.id = c.user_id` : sql``;
  const keyOrder = sql`k ${direction(order.keyDescending)}`;
  const time = direction(order.timeDescending);
  const inMonth = sql`day >= (select month from f) and day < (select (month + interval '1 month')::date from f)`;
  const result = await db.execute(sql`
    with c as (
      select month, ${figures} from ${auditMonthCounts} where ${countConditions(filter, auditMonthCounts, keys)} and ${months}
      union all
      select date_trunc('month', day)::date, ${figures} from ${auditDayCounts}
        where ${countConditions(filter, auditDayCounts, keys)} and ${edges}
      union all
      select date_trunc('month', day)::date, ${figures} from ${auditDayCountDeltas}
        where ${countConditions(filter, auditDayCountDeltas, keys)} and ${period}
    ), m as (
      select ${keyOf('c')} as v, ${rank} as k, c.month, sum(c.entries) as n from c ${users}
      group by 1, 2, 3 having sum(c.entries) <> 0
    ), f as (
      select v, k, month, upto - n as before from (
        select v, k, month, n, sum(n) over (order by ${keyOrder}, month ${time} rows unbounded preceding) as upto from m
      ) w
      where upto > ${offset} order by ${keyOrder}, month ${time} limit 1
    ), x as (
      select day, ${figures} from ${auditDayCounts}
        where ${countConditions(filter, auditDayCounts, keys)} and ${period} and ${inMonth}
      union all
      select day, ${figures} from ${auditDayCountDeltas}
        where ${countConditions(filter, auditDayCountDeltas, keys)} and ${period} and ${inMonth}
    ), d as (
      select x.day, sum(x.entries) as n from x where ${keyOf('x')} = (select v from f)
      group by 1 having sum(x.entries) <> 0
    ), g as (
      select day, upto - n as before from (
        select day, n, sum(n) over (order by day ${time} rows unbounded preceding) as upto from d
      ) w
      where upto > ${offset} - (select before from f) order by day ${time} limit 1
    )
    select (select coalesce(sum(n), 0) from m)::bigint as total, f.v, g.day::text as day,
      (f.before + g.before)::bigint as before,
      (select json_agg(s.v order by ${keyOrder}) from (select distinct v, k from m) s) as values
    from (select 1) one left join f on true left join g on true`);
  const [row] = rowsOf<{
    total: string;
    v: SeekValue | null;
    day: string | null;
    before: string | null;
    values: SeekValue[] | null;
  }>(result);
  const values = row.values ?? [];
  const total = Number(row.total);
  if (row.day === null || row.v === null) return { total, skip: 0, values };
  return { total, value: row.v, day: row.day, skip: offset - Number(row.before), values };
}

/** Entries from the start of the seek's day on, in the page's time direction. */
export function fromDay(createdAt: SQL | Parameters<typeof lt>[0], day: string, timeDescending: boolean): SQL {
  return timeDescending
    ? lt(createdAt, new Date(`${addDays(day, 1)}T00:00:00Z`))
    : gte(createdAt, new Date(`${day}T00:00:00Z`));
}

/** The condition for one value of the key: `user_id is null` for the entries without a user. */
export function keyCondition(
  key: SeekKey,
  value: SeekValue,
  columns: { userId: Parameters<typeof eq>[0]; entity: Parameters<typeof eq>[0]; action: Parameters<typeof eq>[0] },
): SQL {
  if (key === 'user') return value === 0 ? isNull(columns.userId) : eq(columns.userId, value);
  return eq(key === 'entity' ? columns.entity : columns.action, value);
}
