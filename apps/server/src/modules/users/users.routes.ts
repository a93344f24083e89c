import { userCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../lib/routes.js';
import { createUsersService } from './users.service.js';

export async function usersRoutes(app: FastifyInstance) {
  const service = createUsersService(app.ctx);
  registerCalls(app, userCalls, {
    signIn: ({ body, request }) => service.signIn(body, request.ip),
    token: ({ user: { sessionId: _, ...user }, request }) => ({ ...user, token: String(request.headers.token) }),
    signOut: async ({ user }) => {
      await service.signOut(user.sessionId);
      return { message: 'Signed out' };
    },
    changePassword: async ({ body, request }) => {
      await service.changePassword(body, request.ip);
      return { message: 'Password changed' };
    },
    signUp: async ({ body }) => ({ user: await service.signUp(body) }),
    list: ({ body }) => service.list(body),
    update: async ({ body, user }) => ({ user: await service.update(body, user) }),
    get: async ({ params, user }) => ({ user: await service.get(params.name, user) }),
  });
}
