import type { Db } from '../client.js';
import type { Random } from './random.js';

/** What every area's generator of demo data gets. */
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
