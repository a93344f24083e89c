import { SETTLEMENT_CSV, type SettlementListFilter } from '@wd/contracts';
import { and, asc, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { settlements, stockLocations, users } from '../../db/schema/index.js';
import { exportQuery } from '../../lib/export.js';
import { listPage, pageByIds } from '../../lib/list.js';
import { searchCondition } from '../../lib/list-search.js';
import { selectSettlements, settlementColumns } from './settlements.repository.js';

/** The settlement report (settlement/all) and its CSV: filter, search, sorts, pages and totals. */

const overShort = sql`(${settlements.stockOverShort} + ${settlements.moneyOverShort} + ${settlements.adjustments})`;

/**
 * The report's sorts, each on the settlement's own columns so the page's ids come from one index
 * in either direction: driver and truck by their names' places among the (few) users and
 * trucks, read once per statement; over/short by its expression index.
 */
const sortable = {
  date: settlements.day,
  driver: sql`array_position((select array_agg(u.id order by u.username, u.id) from users u), ${settlements.driverId})`,
  truck: sql`array_position((select array_agg(l.id order by l.name, l.id) from stock_locations l), ${settlements.locationId})`,
  status: settlements.status,
  overShort,
};

/**
 * After the user's sort, ties go by day and id in the sort's direction (newest first with no sort
 * or a descending one, oldest first under an ascending one): one index of (column, day, id)
 * serves a page either way.
 */
function listOrder(filter: SettlementListFilter, reversed = false) {
  return (filter.sortingList?.[0]?.order === 'asc') !== reversed
    ? [asc(settlements.day), asc(settlements.id)]
    : [desc(settlements.day), desc(settlements.id)];
}

/**
 * A search matches the driver's name, the truck's name or the note. The drivers and trucks it
 * names are read first from their small tables, so the condition is on the settlement's own
 * columns (the same rows as searching the joined names: every settlement has both).
 */
async function searchOf(db: Tx, text: string | undefined) {
  const query = text?.trim();
  if (!query) return undefined;
  const [drivers, trucks] = await Promise.all([
    db
      .select({ id: users.id })
      .from(users)
      .where(searchCondition(query, [users.username])),
    db
      .select({ id: stockLocations.id })
      .from(stockLocations)
      .where(searchCondition(query, [stockLocations.name])),
  ]);
  return or(
    searchCondition(query, [settlements.note]),
    drivers.length > 0
      ? inArray(
          settlements.driverId,
          drivers.map((d) => d.id),
        )
      : undefined,
    trucks.length > 0
      ? inArray(
          settlements.locationId,
          trucks.map((l) => l.id),
        )
      : undefined,
  );
}

/** The report's joins, filter and sorts: one spec for its page and its CSV. */
async function listSpec(db: Tx, filter: SettlementListFilter) {
  const where = and(
    filter.driverID ? eq(settlements.driverId, filter.driverID) : undefined,
    filter.startDate ? gte(settlements.day, filter.startDate) : undefined,
    filter.endDate ? lte(settlements.day, filter.endDate) : undefined,
    filter.status ? eq(settlements.status, filter.status) : undefined,
    await searchOf(db, filter.searchQuery),
  );
  return {
    from: (fields: SelectedFields) => selectSettlements(db, fields),
    // Every condition and total is on the settlement's own columns: the count joins nothing.
    countFrom: (fields: SelectedFields) => db.select(fields).from(settlements),
    columns: settlementColumns,
    where,
    sortable,
    order: listOrder(filter),
    reversedOrder: listOrder(filter, true),
    // The page's ids from settlements alone, in the sort's index order; then only those joined.
    page: pageByIds(db, settlements, settlements.id, where, (ids) =>
      selectSettlements(db, settlementColumns).where(ids),
    ),
  };
}

export const settlementListRepository = {
  /** The report: one page of settlements with over/short totals over every matching one. */
  async list(db: Tx, filter: SettlementListFilter) {
    return listPage(filter, {
      ...(await listSpec(db, filter)),
      totals: {
        stock: sql`${settlements.stockOverShort}`,
        money: sql`${settlements.moneyOverShort}`,
        adjustments: sql`${settlements.adjustments}`,
        overShort,
      },
    });
  },

  /** The report's CSV: the same statement, every row, over/short in cents for the money columns. */
  async csvQuery(db: Tx, filter: SettlementListFilter) {
    const { page: _page, countFrom: _count, reversedOrder: _reversed, ...spec } = await listSpec(db, filter);
    return exportQuery(spec, filter.sortingList, SETTLEMENT_CSV, {
      status: sql`initcap(${settlements.status})`,
      stock: settlements.stockOverShort,
      money: settlements.moneyOverShort,
      adjustments: settlements.adjustments,
      overShort,
    });
  },
};
