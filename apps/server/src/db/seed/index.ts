import type { Db } from '../client.js';
import { seedCatalog } from './catalog.seed.js';
import { seedInvoices, seedSupplierInvoices } from './invoices.seed.js';
import { seedParties } from './parties.seed.js';
import { Random } from './random.js';
import { seedUsers } from './users.seed.js';

export interface SeedContext {
  db: Db;
  random: Random;
  /** 1 is a small business's year; larger numbers make more of everything (benchmarks). */
  scale: number;
  /** The business's "today" (YYYY-MM-DD). */
  today: string;
}

export type SeedArea = (ctx: SeedContext) => Promise<void>;

/** Each area adds its generator here, in dependency order. */
const areas: SeedArea[] = [seedUsers, seedCatalog, seedParties, seedInvoices, seedSupplierInvoices];

export interface SeedOptions {
  seed?: number;
  scale?: number;
  today: string;
}

/** Loads realistic demo data; deterministic for the same seed, scale and today. */
export async function seedDemoData(db: Db, options: SeedOptions): Promise<void> {
  const ctx: SeedContext = {
    db,
    random: new Random(options.seed ?? 1),
    scale: options.scale ?? 1,
    today: options.today,
  };
  for (const area of areas) await area(ctx);
}
