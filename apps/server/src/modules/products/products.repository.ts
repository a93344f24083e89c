import { barcodeVariants, type ListFilter, PRODUCT_CSV, type Product, type SortItem, toDollars } from '@wd/contracts';
import { and, asc, eq, ilike, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { type Db, statementName, type Tx } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import { auditTrail } from '../../lib/audit.js';
import { exportQuery } from '../../lib/export.js';
import { listPage, orderBy, pageByIds } from '../../lib/list.js';
import { likePattern, searchCondition } from '../../lib/list-search.js';
import { recordRows } from '../../lib/table-rows.js';

/** The one select of a product (prices in cents; mapped to the contract by toProduct). */
export const productColumns = {
  id: products.id,
  name: products.name,
  unitQuantity: products.unitQuantity,
  barcodeSymbology: products.barcodeSymbology,
  barcode: products.barcode,
  boxBarcode: products.boxBarcode,
  category: products.category,
  costPrice: products.costPrice,
  sellingPrice: products.sellingPrice,
  suggestedRetailPrice: products.suggestedRetailPrice,
  productGroupId: products.productGroupId,
  deletedAt: products.deletedAt,
  // Σ quantity of its lines on invoices that are not NEW: the folded total (migration 0008) plus
  // the sales not folded yet (migration 0026), read by index: exact without waiting for a fold.
  quantitySold: sql<number>`(${products.quantitySold} + coalesce((select sum(d.quantity) from product_sold_deltas d
    where d.product_id = ${products.id}), 0))::int`.mapWith(Number),
};
export type ProductRow = Omit<typeof products.$inferSelect, 'createdAt' | 'updatedAt' | 'reorderLevel'>;

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    unitQuantity: row.unitQuantity,
    barcodeSymbology: row.barcodeSymbology,
    barcode: row.barcode,
    boxBarcode: row.boxBarcode,
    category: row.category,
    costPrice: toDollars(row.costPrice),
    sellingPrice: toDollars(row.sellingPrice),
    suggestedRetailPrice: toDollars(row.suggestedRetailPrice),
    quantitySold: Number(row.quantitySold),
    productGroupID: row.productGroupId ?? 0,
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
  };
}

/** A product's audit trail: every entry holds the product as the API answers it. */
export const productTrail = auditTrail('product', toProduct);

export const productSortable = {
  id: products.id,
  name: products.name,
  barcode: products.barcode,
  boxBarcode: products.boxBarcode,
  category: products.category,
  unitQuantity: products.unitQuantity,
  costPrice: products.costPrice,
  sellingPrice: products.sellingPrice,
  suggestedRetailPrice: products.suggestedRetailPrice,
};
export const productSearchable = [products.name, products.barcode, products.boxBarcode, products.category];

export const active = isNull(products.deletedAt);

const param = (name: string) => sql.placeholder(name);
/** Scanned text names a product's code: its barcode (± one leading 0, `variants`) or its box barcode. */
const codeMatch = or(sql`${products.barcode} = any(${param('variants')})`, eq(products.boxBarcode, param('text')));
const nameIs = sql`lower(${products.name}) = lower(${param('text')})`;
/**
 * codeMatch for a text that is not blank, written so a generic plan can use the partial unique
 * indexes: the box barcode index holds only non-empty box barcodes, which the planner can prove
 * from a literal `<> ''` but not from a parameter (without it the cached plan scanned every
 * product and PostgreSQL re-planned the lookup on every call instead; docs/performance-products.md).
 */
const codeHit = or(
  sql`${products.barcode} = any(${param('variants')})`,
  and(eq(products.boxBarcode, param('text')), sql`${products.boxBarcode} <> ''`),
);
/** The name or the barcode contains the text (a LIKE pattern, likePattern). */
const contains = (pattern: unknown) =>
  or(...[products.name, products.barcode].map((c) => ilike(sql`(${c})::text`, pattern as string)));
/** The lookup's order: code matches, then the whole name, then the rest; by name within each. */
const lookupRank = sql<number>`case when ${codeHit} then 0 when ${nameIs} then 1 else 2 end`;
const selectProducts = (db: Db) => db.select(productColumns).from(products);

/**
 * The hot reads (product/{id}, product/filter, the scan's lookup) as prepared
 * statements, built once per database: building a drizzle select costs more
 * CPU than PostgreSQL spends answering these (docs/performance.md). They run on
 * the pool, so never inside a transaction.
 */
function prepareReads(db: Db) {
  const byId = (where: SQL | undefined, name: string) =>
    selectProducts(db)
      .where(and(eq(products.id, param('id')), where))
      .prepare(statementName(db, name));
  return {
    byId: byId(active, 'product_by_id'),
    byIdWithDeleted: byId(undefined, 'product_by_id_with_deleted'),
    firstByName: selectProducts(db)
      .where(active)
      .orderBy(asc(products.name), asc(products.id))
      .limit(param('limit'))
      .prepare(statementName(db, 'product_first')),
    // Exact code hits first (the unique barcode indexes), then the other products whose name or
    // barcode contains the text (trigram indexes, migration 0018), the whole name first: one
    // statement in the order of lookupRank, without an ILIKE on every product.
    search: db
      .select({ ...productColumns, rank: sql<number>`0`.as('rank') })
      .from(products)
      .where(and(active, codeHit))
      .orderBy(asc(products.name), asc(products.id))
      .limit(param('limit'))
      .unionAll(
        db
          .select({ ...productColumns, rank: sql<number>`case when ${nameIs} then 1 else 2 end`.as('rank') })
          .from(products)
          .where(and(active, sql`not ${codeHit}`, contains(param('pattern'))))
          .orderBy(sql`case when ${nameIs} then 1 else 2 end`, asc(products.name), asc(products.id))
          .limit(param('limit')),
      )
      .orderBy(sql`rank`, sql`name`, sql`id`)
      .limit(param('limit'))
      .prepare(statementName(db, 'product_search')),
    matchScan: selectProducts(db)
      .where(and(active, or(codeMatch, nameIs)))
      .orderBy(asc(products.id))
      .limit(2)
      .prepare(statementName(db, 'product_match_scan')),
  };
}
const preparedReads = new WeakMap<Db, ReturnType<typeof prepareReads>>();
function reads(db: Db) {
  const known = preparedReads.get(db);
  if (known) return known;
  const r = prepareReads(db);
  preparedReads.set(db, r);
  return r;
}

/** The list's table, filter and order (active or deleted products): the page and the export share them. */
function listSpec(db: Tx, filter: ListFilter, deleted: boolean) {
  return {
    from: (fields: SelectedFields) => db.select(fields).from(products),
    columns: productColumns,
    where: and(
      deleted ? isNotNull(products.deletedAt) : active,
      searchCondition(filter.searchQuery, productSearchable),
    ),
    sortable: productSortable,
    order: [asc(products.name), asc(products.id)],
  };
}

export const productsRepository = {
  ...recordRows(products, productColumns),
  list(db: Tx, filter: ListFilter, deleted: boolean) {
    const spec = listSpec(db, filter, deleted);
    return listPage(filter, {
      ...spec,
      // The page's ids first, sorted without the quantity sold (a subquery a row: sorted by a
      // price, every product's was read before the ten of the page were kept, 3.4–7.3 ms of
      // 1,160 products), then those ten with it.
      page: pageByIds(db, products, products.id, spec.where, (w) => spec.from(productColumns).where(w)),
    });
  },

  /** Export CSV's statement: every field of the listed products, in the order the product import reads them back. */
  csvQuery(db: Tx, filter: ListFilter) {
    return exportQuery(listSpec(db, filter, false), filter.sortingList, PRODUCT_CSV);
  },

  /**
   * Lookup for pickers and scans: barcode (also with one leading 0 added or
   * removed) or box barcode exactly, or the name / barcode containing the text.
   * Exact code matches come first, then the whole name, then by name (and id);
   * a sortingList sorts first (its columns: productSortable; another is a 400).
   */
  search(db: Db, text: string, limit: number, sortingList: SortItem[] = []): Promise<ProductRow[]> {
    const t = text.trim();
    const values = { text: t, variants: barcodeVariants(t), pattern: likePattern(t), limit };
    if (sortingList.length > 0) {
      const fallback = t ? [lookupRank, asc(products.name), asc(products.id)] : [asc(products.name), asc(products.id)];
      const order = orderBy(sortingList, productSortable, fallback);
      // The ids sorted first, then only those rows with their quantity sold (see list).
      const ids = db
        .select({ id: products.id })
        .from(products)
        .where(and(active, t ? or(codeHit, contains(param('pattern'))) : undefined))
        .orderBy(...order)
        .limit(param('limit'));
      return selectProducts(db)
        .where(inArray(products.id, ids))
        .orderBy(...order)
        .execute(values);
    }
    if (!t) return reads(db).firstByName.execute({ limit });
    return reads(db).search.execute(values);
  },

  /**
   * The active products scanned or typed text names exactly (docs/business-rules.md,
   * "Adding a product to an invoice"): by code (see codeMatch) or by the whole
   * name in any case. At most two (more than one is ambiguous); `byBox` when the box barcode matched.
   */
  async matchScan(db: Db, text: string) {
    const t = text.trim();
    const variants = barcodeVariants(t);
    const rows = await reads(db).matchScan.execute({ text: t, variants });
    return rows.map((product) => ({
      product,
      byBox: product.boxBarcode !== '' && product.boxBarcode === t && !variants.includes(product.barcode),
    }));
  },

  /** The categories in use, each once (sortable by `category`). */
  async categories(db: Tx, filter: ListFilter) {
    const inUse = db
      .selectDistinct({ category: products.category })
      .from(products)
      .where(and(active, ne(products.category, ''), searchCondition(filter.searchQuery, [products.category])))
      .as('in_use');
    const { rows, totalRows } = await listPage(filter, {
      from: (fields) => db.select(fields).from(inUse),
      columns: { category: inUse.category },
      sortable: { category: inUse.category },
      order: [asc(inUse.category)],
    });
    return { rows: rows.map((r) => r.category), totalRows };
  },

  /** One product (also a deleted one with `includeDeleted`), by a prepared statement; see findById in a transaction. */
  async get(db: Db, id: number, includeDeleted = false): Promise<ProductRow | undefined> {
    const [row] = await (includeDeleted ? reads(db).byIdWithDeleted : reads(db).byId).execute({ id });
    return row;
  },

  async findById(db: Tx, id: number, opts: { includeDeleted?: boolean; lock?: boolean } = {}) {
    const query = db
      .select(productColumns)
      .from(products)
      .where(and(eq(products.id, id), opts.includeDeleted ? undefined : active));
    const [row] = opts.lock ? await query.for('update') : await query;
    return row;
  },

  /** The products of `ids` that are not deleted, in one statement (no lock). */
  async activeByIds(db: Tx, ids: number[]) {
    if (ids.length === 0) return [];
    return db
      .select(productColumns)
      .from(products)
      .where(and(inArray(products.id, ids), active));
  },

  async findByIds(db: Tx, ids: number[]) {
    if (ids.length === 0) return [];
    return db.select(productColumns).from(products).where(inArray(products.id, ids)).for('update');
  },

  /** An active product other than `exceptId` that uses this barcode (or box barcode). */
  async barcodeOwner(db: Tx, column: 'barcode' | 'boxBarcode', value: string, exceptId?: number) {
    const col = column === 'barcode' ? products.barcode : products.boxBarcode;
    const [row] = await db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(and(active, eq(col, value), exceptId ? ne(products.id, exceptId) : undefined));
    return row;
  },
};
