import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { appState, customers, priceGroups, products } from '../../db/schema/index.js';

/**
 * The imports' reads and writes: the products and customers a file's rows match (by barcode, by
 * company and postal code), locked for the run when it writes, and the rows it creates or
 * changes. Keys are asked 5,000 at a time (a statement's parameters are limited).
 */
const CHUNK = 5000;
async function chunked<T>(keys: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < keys.length; i += CHUNK) out.push(...(await read(keys.slice(i, i + CHUNK))));
  return out;
}

/** A customer's identity in a file: company and postal code, without case or surrounding spaces. */
export const customerIdentity = (company: string, postalCode: string) =>
  `${company.trim().toLowerCase()}\u001f${postalCode.trim().toLowerCase()}`;
const identitySql = sql<string>`lower(trim(${customers.company})) || chr(31) || lower(trim(${customers.postalCode}))`;

export const importsRepository = {
  /** One import of a kind at a time, across instances (two at once would both create the same rows). */
  async lockKind(tx: Tx, kind: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`wd_import_${kind}`}))`);
  },

  /** The active products that own any of these codes as their barcode or box barcode. */
  codeOwners(tx: Tx, codes: readonly string[]) {
    return chunked(codes, (chunk) =>
      tx
        .select({ id: products.id, name: products.name, barcode: products.barcode, boxBarcode: products.boxBarcode })
        .from(products)
        .where(
          and(isNull(products.deletedAt), or(inArray(products.barcode, chunk), inArray(products.boxBarcode, chunk))),
        ),
    );
  },

  /** The active products with these barcodes; `lock` holds them for the run's transaction. */
  productsByBarcode(tx: Tx, barcodes: readonly string[], lock: boolean) {
    return chunked(barcodes, (chunk) => {
      const query = tx
        .select()
        .from(products)
        .where(and(isNull(products.deletedAt), inArray(products.barcode, chunk)))
        .orderBy(products.id);
      return lock ? query.for('update') : query;
    });
  },

  insertProducts(tx: Tx, values: (typeof products.$inferInsert)[]) {
    return tx.insert(products).values(values).returning();
  },

  priceGroupNames(tx: Tx) {
    return tx.select({ id: priceGroups.id, name: priceGroups.name }).from(priceGroups);
  },

  /** The active customers with these identities (customerIdentity); `lock` holds them for the run's transaction. */
  customersByIdentity(tx: Tx, identities: readonly string[], lock: boolean) {
    return chunked(identities, (chunk) => {
      const query = tx
        .select()
        .from(customers)
        .where(and(isNull(customers.deletedAt), inArray(identitySql, chunk)))
        .orderBy(customers.id);
      return lock ? query.for('update') : query;
    });
  },

  insertCustomers(tx: Tx, values: (typeof customers.$inferInsert)[]) {
    return tx.insert(customers).values(values).returning();
  },

  async updateCustomer(tx: Tx, id: number, values: Partial<typeof customers.$inferInsert>) {
    const [row] = await tx.update(customers).set(values).where(eq(customers.id, id)).returning();
    return row;
  },

  /** The mapping the last import of a kind used (stored as JSON text under `key`). */
  async mapping(db: Tx, key: string) {
    const [row] = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, key));
    return row?.value;
  },

  async rememberMapping(tx: Tx, key: string, value: string) {
    await tx
      .insert(appState)
      .values({ key, value })
      .onConflictDoUpdate({ target: appState.key, set: { value, updatedAt: new Date() } });
  },
};
