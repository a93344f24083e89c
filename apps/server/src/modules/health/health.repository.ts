import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

export const healthRepository = {
  /** A round trip to the database; throws when it does not answer. */
  async ping(db: Tx): Promise<void> {
    await db.execute(sql`select 1`);
  },
};
