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
import type { AppContext, AuthUser } from '../../lib/context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import { decoyHash, hashPassword, randomPassword, verifyPassword } from '../../lib/password.js';
import { sessionCache } from './session-cache.js';
import { authFailuresRepository, sessionsRepository, usersRepository } from './users.repository.js';

/**
 * Sign-in attempts allowed in a 15-minute window. Per username it is strict
 * (10: a password guesser gets 10 tries at one account). Per client address it
 * is larger (100), because a whole office often reaches the server through one
 * address: a clerk who mistypes 10 times must not lock out everyone else at the
 * counter, while one address still gets no more than 100 guesses in total.
 */
export const RATE_LIMIT = { perUsername: 10, perAddress: 100, windowMs: 15 * 60_000 };

/** 429, with the seconds until the window lets an attempt through again (the Retry-After header). */
export class SignInLimitError extends TooManyRequestsError {
  constructor(readonly retryAfterSeconds: number) {
    super(MESSAGES.tooManyAttempts);
  }
}
/** lastUsedAt is written at most this often, so a busy session does not write on every request. */
const TOUCH_EVERY_MS = 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A unique violation of the username index as the 409 the check before it gives; any other error as it is. */
function usernameConflict(error: unknown): unknown {
  return isUniqueViolation(error, 'users_username_lower_idx')
    ? new ConflictError('This username is already taken', 'username')
    : error;
}

export function createUsersService({ db, config }: AppContext) {
  const idleSince = () => new Date(Date.now() - config.sessionIdleMs);
  const recent = sessionCache(db, config.sessionCacheMs);

  async function openSession(user: User): Promise<Session> {
    const token = randomBytes(32).toString('base64url');
    await sessionsRepository.insert(db, user.id, hashToken(token));
    return { ...user, token };
  }

  /**
   * Checks a username and password. The attempt is counted (per username and
   * per address, in the database) before the password is checked, so
   * concurrent attempts on any instance can never check more than the limit;
   * a right password forgets the attempt and the username's failures.
   */
  async function checkCredentials(username: string, password: string, address: string): Promise<User> {
    const userKey = `user:${username.toLowerCase()}`;
    const claim = await authFailuresRepository.claim(
      db,
      [
        { key: userKey, limit: RATE_LIMIT.perUsername },
        { key: `ip:${address}`, limit: RATE_LIMIT.perAddress },
      ],
      RATE_LIMIT.windowMs,
    );
    if ('retryAfterSeconds' in claim) throw new SignInLimitError(claim.retryAfterSeconds);
    const found = await usersRepository.findCredentials(db, username);
    const ok = await verifyPassword(password, found?.passwordHash ?? (await decoyHash(config.scryptN)));
    // A wrong password leaves the attempt's rows as the failures they are.
    if (!found || !ok) throw new UnauthorizedError(MESSAGES.wrongCredentials);
    await authFailuresRepository.release(db, claim.ids);
    await authFailuresRepository.clear(db, userKey);
    const { passwordHash: _, ...user } = found;
    return user;
  }

  return {
    async signIn(body: SignInBody, address: string): Promise<Session> {
      const user = await checkCredentials(body.email, body.password, address);
      return openSession(user);
    },

    /**
     * The user behind a token, or undefined when it is unknown or idle too long. A session this
     * instance checked lately is trusted without a statement (SessionCache) unless `fresh` (the
     * admin-only calls) or its last use is due to be moved.
     */
    async authenticate(token: string, fresh = false): Promise<AuthUser | undefined> {
      const tokenHash = hashToken(token);
      const now = Date.now();
      const cached = fresh ? undefined : recent.get(tokenHash, now);
      if (cached && now - cached.lastUsedAt <= TOUCH_EVERY_MS && cached.lastUsedAt > now - config.sessionIdleMs) {
        return cached.user;
      }
      const generation = recent.generation;
      const row = await sessionsRepository.findActive(db, tokenHash, idleSince());
      if (!row) return undefined;
      let lastUsedAt = row.lastUsedAt.getTime();
      if (now - lastUsedAt > TOUCH_EVERY_MS) {
        await sessionsRepository.touch(db, row.sessionId);
        lastUsedAt = now;
      }
      const user: AuthUser = {
        id: row.id,
        username: row.username,
        email: row.email,
        type: row.type,
        driver: row.driver,
        sessionId: row.sessionId,
      };
      recent.set(tokenHash, { user, lastUsedAt, checkedAt: now }, generation);
      return user;
    },

    async signOut(sessionId: number): Promise<void> {
      await sessionsRepository.delete(db, sessionId);
      recent.dropSession(sessionId);
    },

    async changePassword(body: ChangePasswordBody, address: string): Promise<void> {
      const user = await checkCredentials(body.username, body.currentPassword, address);
      await db.transaction(async (tx) => {
        await usersRepository.update(tx, user.id, {
          passwordHash: await hashPassword(body.newPassword, config.scryptN),
        });
        await sessionsRepository.deleteForUser(tx, user.id);
      });
      recent.dropUser(user.id);
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
      const passwordHash = await hashPassword(body.password, config.scryptN);
      try {
        return await usersRepository.insert(db, {
          username: body.username,
          email: body.email,
          type: body.type,
          driver: body.driver,
          passwordHash,
        });
      } catch (error) {
        // A concurrent sign-up of the same name got in between the check and the insert.
        throw usernameConflict(error);
      }
    },

    async update(body: UpdateUserBody, requester: AuthUser): Promise<User> {
      const passwordHash = body.password ? await hashPassword(body.password, config.scryptN) : undefined;
      const user = await db.transaction(async (tx) => {
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
        const updated = await usersRepository
          .update(tx, body.id, {
            username: body.username,
            email: body.email,
            type: body.type,
            driver: body.driver,
            passwordHash,
          })
          .catch((error) => {
            throw usernameConflict(error);
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
      // After the commit: a session read in between would otherwise be kept with the old user.
      recent.dropUser(body.id);
      return user;
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
