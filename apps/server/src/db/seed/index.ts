import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { seedCatalog } from './catalog.seed.js';
import { seedInvoices } from './invoices.seed.js';
import { seedParties } from './parties.seed.js';
import { Random } from './random.js';
import { seedSupplierInvoices } from './supplier.seed.js';
import { seedUsers } from './users.seed.js';

export interface SeedContext {
  db: Db;
  random: Random;
  /** 1 is a small business's year (300 invoices); larger numbers make more of everything (benchmarks). */
  scale: number;
  /** The business's "today" (YYYY-MM-DD). */
  today: string;
  /** How many days back the dated rows reach: a year, four at benchmark scales (10 and up). */
  spanDays: number;
}

export type SeedArea = (ctx: SeedContext) => Promise<void>;

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
 * on a fresh database. Ends with ANALYZE so the planner knows the new sizes.
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
  await db.execute(sql`analyze`);
}
