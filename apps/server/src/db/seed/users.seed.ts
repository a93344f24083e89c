import { users } from '../schema/index.js';
import type { SeedArea } from './seed-area.js';

const STAFF = ['maria.garcia', 'james.lee', 'aisha.khan', 'tom.nguyen', 'sofia.rossi', 'david.brown'];

/**
 * Demo staff accounts. Their passwords are random and never printed: an admin
 * sets one from /users/edit/{id} to use an account.
 */
export const seedUsers: SeedArea = async ({ db, random, scale }) => {
  const count = Math.min(STAFF.length, Math.max(2, Math.round(4 * scale)));
  const rows = STAFF.slice(0, count).map((username, i) => ({
    username,
    email: `${username}@example.com`,
    type: i === 0 ? ('admin' as const) : ('user' as const),
    passwordHash: `scrypt$1024$8$1$${Buffer.from(random.hex(32)).toString('base64')}$`,
  }));
  await db.insert(users).values(rows).onConflictDoNothing();
};
