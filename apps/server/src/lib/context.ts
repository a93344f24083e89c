import type { User } from '@wd/contracts';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';

/** What every service is built from. */
export interface AppContext {
  db: Db;
  config: Config;
  /** Which database answers: the embedded PGlite or a PostgreSQL server. */
  kind: 'pglite' | 'postgres';
}

/** The signed-in user of a request: the user record and the session the request came with. */
export interface AuthUser extends User {
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
