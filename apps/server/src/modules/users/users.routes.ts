import {
  changePasswordBody,
  errorSchema,
  listBody,
  messageSchema,
  sessionSchema,
  signInBody,
  signUpBody,
  updateUserBody,
  userResponse,
  usersResponse,
} from '@wd/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.js';
import { createUsersService } from './users.service.js';

const tags = ['users'];
const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  429: errorSchema,
};

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createUsersService(app.ctx);

  app.post(
    '/user/signIn',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Sign in (the username travels in `email`)',
        body: signInBody,
        response: { 200: sessionSchema, ...errors },
      },
    },
    (request) => service.signIn(request.body, request.ip),
  );

  app.post(
    '/user/token',
    {
      schema: { tags, summary: 'Restore the session of the Token header', response: { 200: sessionSchema, ...errors } },
    },
    async (request) => {
      const { sessionId: _, ...user } = currentUser(request);
      return { ...user, token: String(request.headers.token) };
    },
  );

  app.post(
    '/user/signOut',
    { schema: { tags, summary: 'Sign out (revokes the token)', response: { 200: messageSchema, ...errors } } },
    async (request) => {
      await service.signOut(currentUser(request).sessionId);
      return { message: 'Signed out' };
    },
  );

  app.patch(
    '/user/changePassword',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Change a password with the current one; signs out every session',
        body: changePasswordBody,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await service.changePassword(request.body, request.ip);
      return { message: 'Password changed' };
    },
  );

  app.post(
    '/user/signUp',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Create a user (admins only)',
        body: signUpBody,
        response: { 200: userResponse, ...errors },
      },
    },
    async (request) => ({ user: await service.signUp(request.body) }),
  );

  app.post(
    '/user/all',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'List users (admins only)',
        body: listBody,
        response: { 200: usersResponse, ...errors },
      },
    },
    (request) => service.list(request.body),
  );

  app.patch(
    '/user/update',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Change a user (admins only)',
        body: updateUserBody,
        response: { 200: userResponse, ...errors },
      },
    },
    async (request) => ({ user: await service.update(request.body, currentUser(request)) }),
  );

  app.post(
    '/user/:name',
    {
      schema: {
        tags,
        summary: 'One user by id or username (admins, or the user themself)',
        params: z.object({ name: z.string().min(1).max(254) }),
        response: { 200: userResponse, ...errors },
      },
    },
    async (request) => ({ user: await service.get(request.params.name, currentUser(request)) }),
  );
};
