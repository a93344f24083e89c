import type { EmbeddedClient } from './pglite-remote.js';

/** What the upkeep asks of the embedded database (its client, or PGlite itself). */
type Client = Pick<EmbeddedClient, 'query' | 'exec'>;

/**
 * The embedded database's upkeep: what PostgreSQL's autovacuum does, which PGlite does not have.
 * Without it nothing ever frees the space of updated or deleted rows (a product row is rewritten
 * by every sale: after a 50,000-invoice seed the 1,160 products filled 442 pages) and nothing
 * gathers the statistics the planner needs (without them a payments query ran a hundred times
 * slower). The rules are autovacuum's defaults, from the table statistics PGlite keeps:
 *
 * - VACUUM (ANALYZE) a table whose dead rows exceed 50 + 20 % of its live rows: their space is
 *   used again by the next writes, so the table stops growing;
 * - ANALYZE a table modified by more than 50 + 10 % of its rows since its last analysis, or
 *   never analyzed, or whose size in pages moved by more than 10 % (the counters start from zero
 *   when the process starts: a table filled by an earlier run is caught by its size).
 *
 * The roll-ups' delta tables, which every fold empties, are vacuumed every time.
 */
export interface UpkeepResult {
  vacuumed: string[];
  analyzed: string[];
}

interface TableStats {
  name: string;
  live: number;
  dead: number;
  modified: number;
  analyzed: boolean;
  pages: number;
  pagesWhenAnalyzed: number;
}

/**
 * Each table's counters, and with `sizes` its size in pages now (a file's size read per table: on
 * a 50,000-invoice database that doubled the statement, 32–63 → 57–118 ms, and took 445 ms cold).
 * Without `sizes` a table's size is taken as unchanged since its last analysis.
 */
async function tableStats(client: Client, sizes = true): Promise<TableStats[]> {
  // The counters of recent writes wait up to a second before they are counted; this statement's
  // end counts them.
  await client.exec('select pg_stat_force_next_flush()');
  const pages = sizes ? `(pg_relation_size(c.oid) / current_setting('block_size')::int)::float8` : 'c.relpages::float8';
  const { rows } = await client.query<TableStats>(
    `select c.oid::regclass::text as name, coalesce(s.n_live_tup, 0)::float8 as live,
       coalesce(s.n_dead_tup, 0)::float8 as dead, coalesce(s.n_mod_since_analyze, 0)::float8 as modified,
       c.reltuples >= 0 as analyzed, c.relpages::float8 as "pagesWhenAnalyzed", ${pages} as pages
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
       left join pg_stat_user_tables s on s.relid = c.oid
     where n.nspname = 'public' and c.relkind = 'r'
     order by 1`,
  );
  return rows;
}

const needsVacuum = (t: TableStats) => t.dead > 50 + 0.2 * t.live;
const needsAnalyze = (t: TableStats) =>
  !t.analyzed ||
  t.modified > 50 + 0.1 * t.live ||
  Math.abs(t.pages - t.pagesWhenAnalyzed) > 8 + 0.1 * t.pagesWhenAnalyzed;

/**
 * One round of upkeep: vacuums and analyzes what the rules above ask for; says what it did.
 * `sizes: false` (the rounds every few minutes) leaves out the rule on a table's size: it catches
 * what an earlier process wrote, which the round at start has analyzed already; the counters
 * count every write of this one. The round then holds the one connection about half as long.
 */
export async function upkeep(
  client: Client,
  alwaysVacuum: readonly string[] = [],
  { sizes = true }: { sizes?: boolean } = {},
): Promise<UpkeepResult> {
  const tables = await tableStats(client, sizes);
  const vacuumed = tables.filter((t) => needsVacuum(t) || alwaysVacuum.includes(t.name)).map((t) => t.name);
  const analyzed = tables.filter((t) => !vacuumed.includes(t.name) && needsAnalyze(t)).map((t) => t.name);
  // One table per statement: each is short, so requests waiting on the one connection get it back
  // between tables.
  for (const name of vacuumed) await client.exec(`vacuum (analyze) ${name}`);
  if (analyzed.length > 0) await client.exec(`analyze ${analyzed.join(', ')}`);
  return { vacuumed, analyzed };
}

/**
 * After a bulk load (demo data, `npm run seed`), with no one else on the database yet: a table
 * with more dead rows than live ones is rewritten whole (VACUUM FULL gives the space back to the
 * file system), every other one vacuumed and analyzed.
 */
export async function upkeepAfterBulkLoad(client: Client): Promise<UpkeepResult> {
  const tables = await tableStats(client);
  for (const t of tables) await client.exec(`vacuum (${t.dead > t.live ? 'full, ' : ''}analyze) ${t.name}`);
  const names = tables.map((t) => t.name);
  return { vacuumed: names, analyzed: names };
}
