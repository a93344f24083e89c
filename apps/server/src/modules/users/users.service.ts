import { createHash, randomBytes } from 'node:crypto';
import {
  type ChangePasswordBody,
  type ListFilter,
  MESSAGES,
  type Session,
  type SignInBody,
  type signUpBody,
  type UpdateUserBody,
  type User,
} from '@wd/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context.js';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import { decoyHash, hashPassword, randomPassword, verifyPassword } from '../../lib/password.js';
import { authFailuresRepository, sessionsRepository, usersRepository } from './users.repository.js';

export const RATE_LIMIT = { failures: 10, windowMs: 15 * 60_000 };
/** lastUsedAt is written at most this often, so a busy session does not write on every request. */
const TOUCH_EVERY_MS = 60_000;

export interface AuthUser extends User {
  sessionId: number;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createUsersService({ db, config }: AppContext) {
  const idleSince = () => new Date(Date.now() - config.sessionIdleMs);

  async function openSession(user: User): Promise<Session> {
    const token = randomBytes(32).toString('base64url');
    await sessionsRepository.insert(db, user.id, hashToken(token));
    return { ...user, token };
  }

  /**
   * Checks a username and password, counting failures per username and per
   * address; refuses with 429 once either has 10 failures in 15 minutes.
   */
  async function checkCredentials(username: string, password: string, address: string): Promise<User> {
    const keys = [`user:${username.toLowerCase()}`, `ip:${address}`];
    const since = new Date(Date.now() - RATE_LIMIT.windowMs);
    const counts = await authFailuresRepository.countSince(db, keys, since);
    if (keys.some((k) => (counts[k] ?? 0) >= RATE_LIMIT.failures)) {
      throw new TooManyRequestsError(MESSAGES.tooManyAttempts);
    }
    const found = await usersRepository.findCredentials(db, username);
    const ok = await verifyPassword(password, found?.passwordHash ?? (await decoyHash(config.scryptN)));
    if (!found || !ok) {
      await authFailuresRepository.record(db, keys, since);
      throw new UnauthorizedError(MESSAGES.wrongCredentials);
    }
    await authFailuresRepository.clear(db, keys[0]);
    const { passwordHash: _, ...user } = found;
    return user;
  }

  return {
    async signIn(body: SignInBody, address: string): Promise<Session> {
      const user = await checkCredentials(body.email, body.password, address);
      return openSession(user);
    },

    /** The user behind a token, or undefined when it is unknown or idle too long. */
    async authenticate(token: string): Promise<AuthUser | undefined> {
      const row = await sessionsRepository.findActive(db, hashToken(token), idleSince());
      if (!row) return undefined;
      if (Date.now() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
        await sessionsRepository.touch(db, row.sessionId);
      }
      return { id: row.id, username: row.username, email: row.email, type: row.type, sessionId: row.sessionId };
    },

    async signOut(sessionId: number): Promise<void> {
      await sessionsRepository.delete(db, sessionId);
    },

    async changePassword(body: ChangePasswordBody, address: string): Promise<void> {
      const user = await checkCredentials(body.username, body.currentPassword, address);
      await db.transaction(async (tx) => {
        await usersRepository.update(tx, user.id, {
          passwordHash: await hashPassword(body.newPassword, config.scryptN),
        });
        await sessionsRepository.deleteForUser(tx, user.id);
      });
    },

    async list(filter: ListFilter) {
      const { rows, totalRows } = await usersRepository.list(db, filter);
      return pageResponse('users', rows, filter, totalRows);
    },

    /** By id (digits) or username; a user may read themself, an admin anyone. */
    async get(nameOrId: string, requester: AuthUser): Promise<User> {
      const user = /^\d+$/.test(nameOrId)
        ? await usersRepository.findById(db, Number(nameOrId))
        : await usersRepository.findByUsername(db, nameOrId);
      if (requester.type !== 'admin' && user?.id !== requester.id) throw new ForbiddenError();
      if (!user) throw new NotFoundError(MESSAGES.userNotFound);
      return user;
    },

    async signUp(body: z.output<typeof signUpBody>): Promise<User> {
      if (await usersRepository.usernameTaken(db, body.username)) {
        throw new ConflictError('This username is already taken', 'username');
      }
      return usersRepository.insert(db, {
        username: body.username,
        email: body.email,
        type: body.type,
        passwordHash: await hashPassword(body.password, config.scryptN),
      });
    },

    async update(body: UpdateUserBody, requester: AuthUser): Promise<User> {
      const passwordHash = body.password ? await hashPassword(body.password, config.scryptN) : undefined;
      return db.transaction(async (tx) => {
        const current = await usersRepository.findById(tx, body.id);
        if (!current) throw new NotFoundError(MESSAGES.userNotFound);
        if (body.username && (await usersRepository.usernameTaken(tx, body.username, body.id))) {
          throw new ConflictError('This username is already taken', 'username');
        }
        if (current.type === 'admin' && body.type === 'user') {
          await usersRepository.lockAdmins(tx);
          if ((await usersRepository.countAdmins(tx)) <= 1) {
            throw new ConflictError('The last admin can not be made a user', 'type');
          }
        }
        const updated = await usersRepository.update(tx, body.id, {
          username: body.username,
          email: body.email,
          type: body.type,
          passwordHash,
        });
        if (passwordHash) {
          // A new password signs the user out everywhere, except the admin's own current session.
          await sessionsRepository.deleteForUser(
            tx,
            body.id,
            body.id === requester.id ? requester.sessionId : undefined,
          );
        }
        return updated as User;
      });
    },

    /**
     * First start: with no users, creates the admin named `admin` with
     * ADMIN_PASSWORD or a generated password (returned so it can be shown once).
     */
    async ensureAdmin(): Promise<{ created: boolean; password?: string; generated: boolean }> {
      if ((await usersRepository.count(db)) > 0) return { created: false, generated: false };
      const password = config.adminPassword ?? randomPassword();
      await usersRepository.insert(db, {
        username: 'admin',
        email: '',
        type: 'admin',
        passwordHash: await hashPassword(password, config.scryptN),
      });
      return { created: true, password, generated: !config.adminPassword };
    },

    async purgeIdleSessions(): Promise<void> {
      await sessionsRepository.deleteIdle(db, idleSince());
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
