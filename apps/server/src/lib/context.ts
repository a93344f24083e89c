import type { Config } from '../config.js';
import type { Db } from '../db/client.js';

/** What every service is built from. */
export interface AppContext {
  db: Db;
  config: Config;
  /** Which database answers: the embedded PGlite or a PostgreSQL server. */
  kind: 'pglite' | 'postgres';
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
