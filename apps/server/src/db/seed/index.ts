import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { foldRollups } from '../rollups.js';
import { appState } from '../schema/index.js';
import { seedCatalog } from './catalog.seed.js';
import { seedInvoices } from './invoices.seed.js';
import { seedParties } from './parties.seed.js';
import { Random } from './random.js';
import type { SeedArea, SeedContext } from './seed-area.js';
import { seedSupplierInvoices } from './supplier.seed.js';
import { seedUsers } from './users.seed.js';

/** Each area adds its generator here, in dependency order. */
const areas: SeedArea[] = [seedUsers, seedCatalog, seedParties, seedInvoices, seedSupplierInvoices];

export interface SeedOptions {
  seed?: number;
  scale?: number;
  today: string;
}

/** Invoices at scale 1; `--invoices N` is scale N / INVOICES_PER_SCALE. */
export const INVOICES_PER_SCALE = 300;

/**
 * Loads realistic demo data; deterministic for the same seed, scale and today
 * on a fresh database. Ends with a fold of the roll-ups and ANALYZE so the planner knows the new sizes.
 */
export async function seedDemoData(db: Db, options: SeedOptions): Promise<void> {
  const scale = options.scale ?? 1;
  const ctx: SeedContext = {
    db,
    random: new Random(options.seed ?? 1),
    scale,
    today: options.today,
    spanDays: scale >= 10 ? 4 * 365 : 365,
  };
  for (const area of areas) await area(ctx);
  // The roll-ups' deltas onto their totals, so the seeded database is complete as it stands.
  await foldRollups(db);
  await db.execute(sql`analyze`);
}

/** The app_state key that follows a new database's first start (schema/app-state.ts). */
const FIRST_START = 'first_start';

/**
 * Marks the first start of a database that has no user yet: 'pending' until the first admin
 * and the demo data are in (`finishFirstStart`). Answers whether a first start is pending,
 * that is this one or an earlier one that died before finishing (kill -9, power cut).
 */
export async function beginFirstStart(db: Db): Promise<boolean> {
  const noUser = await rows<{ none: boolean }>(db, sql`select not exists (select 1 from users) as none`);
  if (noUser[0].none) {
    await db.insert(appState).values({ key: FIRST_START, value: 'pending' }).onConflictDoNothing();
  }
  const [mark] = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, FIRST_START));
  return mark?.value === 'pending';
}

/**
 * Undoes what an unfinished first start left before it is done again: nothing has been
 * served yet (the server listens only once the first start is finished), so its first admin
 * (whose generated password was never shown) goes, and the sequences the lost demo data
 * advanced (sequences ignore rollbacks) start again, so the redone first start gives the same
 * ids and numbers as an uninterrupted one.
 */
export async function restartFirstStart(db: Db): Promise<void> {
  await db.execute(sql`delete from sessions`);
  await db.execute(sql`delete from users`);
  const sequences = await rows<{ seq: string; start: string; tbl: string | null; col: string | null }>(
    db,
    sql`select s.seqrelid::regclass::text as seq, s.seqstart::text as start,
          d.refobjid::regclass::text as tbl, a.attname as col
        from pg_sequence s
        join pg_class c on c.oid = s.seqrelid
        join pg_namespace n on n.oid = c.relnamespace
        left join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.seqrelid
          and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
        left join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
        where n.nspname = 'public'`,
  );
  for (const { seq, start, tbl, col } of sequences) {
    // A column's sequence continues after its rows (the migrations' default price group and
    // billers); the others (invoice numbers, payment references) number only demo rows.
    const max = tbl && col ? sql`(select max(${sql.identifier(col)}) from ${sql.raw(tbl)})` : sql`null::bigint`;
    await db.execute(sql`select setval(${seq}::regclass, coalesce(${max}, ${start}::bigint), ${max} is not null)`);
  }
}

/**
 * Loads the demo data of a first start (when `load`) and marks the first start finished, in one
 * transaction: a crash midway leaves no demo row and the mark pending, so the next start
 * does it again (docs/operations.md, "Crash safety").
 */
export async function finishFirstStart(db: Db, load: boolean, options: SeedOptions): Promise<void> {
  await db.transaction(async (tx) => {
    if (load) await seedDemoData(tx as unknown as Db, options);
    await tx
      .update(appState)
      .set({ value: load ? 'demo data loaded' : 'done', updatedAt: new Date() })
      .where(eq(appState.key, FIRST_START));
  });
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
