import { userCalls } from '@wd/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerCalls } from '../../lib/routes.js';
import { createUsersService, SignInLimitError } from './users.service.js';

/** A 429 of the sign-in limit says when to try again (Retry-After, in seconds). */
async function withRetryAfter<T>(reply: FastifyReply, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof SignInLimitError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

export async function usersRoutes(app: FastifyInstance) {
  const service = createUsersService(app.ctx);
  registerCalls(app, userCalls, {
    signIn: ({ body, request, reply }) => withRetryAfter(reply, service.signIn(body, request.ip)),
    token: ({ user: { sessionId: _, ...user }, request }) => ({ ...user, token: String(request.headers.token) }),
    signOut: async ({ user }) => {
      await service.signOut(user.sessionId);
      return { message: 'Signed out' };
    },
    changePassword: async ({ body, request, reply }) => {
      await withRetryAfter(reply, service.changePassword(body, request.ip));
      return { message: 'Password changed' };
    },
    signUp: async ({ body }) => ({ user: await service.signUp(body) }),
    list: ({ body }) => service.list(body),
    update: async ({ body, user }) => ({ user: await service.update(body, user) }),
    get: async ({ params, user }) => ({ user: await service.get(params.name, user) }),
  });
}
