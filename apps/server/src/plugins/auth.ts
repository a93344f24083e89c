import { MESSAGES } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthUser } from '../lib/context.js';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.js';
import { createUsersService } from '../modules/users/users.service.js';

export type AuthLevel = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set on every route that is not public. */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route: 'user' (the default), 'admin' or 'public'. */
    auth?: AuthLevel;
  }
}

/** The Token header → request.user; 401 when missing or unknown, 403 for admin-only routes. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const users = createUsersService(app.ctx);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url) return;
    // API routes need a user unless they say otherwise; the web app, its assets, the API reference
    // page and images are public; other routes (stored files) say what they need.
    const level =
      request.routeOptions.config.auth ?? (url.startsWith('/api/') && !url.startsWith('/api/docs') ? 'user' : 'public');
    if (level === 'public') return;
    const token = request.headers.token;
    const user = typeof token === 'string' && token ? await users.authenticate(token, level === 'admin') : undefined;
    if (!user) throw new UnauthorizedError(MESSAGES.notSignedIn);
    if (level === 'admin' && user.type !== 'admin') throw new ForbiddenError(MESSAGES.adminsOnly);
    request.user = user;
  });
});

/** The signed-in user of a route that is not public. */
export function currentUser(request: { user: AuthUser | null }): AuthUser {
  if (!request.user) throw new UnauthorizedError(MESSAGES.notSignedIn);
  return request.user;
}
