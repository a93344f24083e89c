import { defineCalls } from '../common/call.js';
import { messageSchema } from '../common/errors.js';
import { listBody } from '../common/list.js';
import {
  changePasswordBody,
  sessionSchema,
  signInBody,
  signUpBody,
  updateUserBody,
  userNameParams,
  userResponse,
  usersResponse,
} from '../users.js';

/** Sign-in, sessions and the users admins keep (docs/api.md, "Sign-in"). */
export const userCalls = defineCalls('users', {
  signIn: {
    method: 'POST',
    path: '/user/signIn',
    summary: 'Sign in (the username travels in `email`)',
    auth: 'public',
    body: signInBody,
    response: sessionSchema,
    errors: [401, 429],
  },
  token: {
    method: 'POST',
    reads: true,
    path: '/user/token',
    summary: 'Restore the session of the Token header',
    response: sessionSchema,
  },
  signOut: {
    method: 'POST',
    path: '/user/signOut',
    summary: 'Sign out (revokes the token)',
    response: messageSchema,
  },
  changePassword: {
    method: 'PATCH',
    path: '/user/changePassword',
    summary: 'Change a password with the current one; signs out every session',
    auth: 'public',
    body: changePasswordBody,
    response: messageSchema,
    errors: [401, 429],
  },
  signUp: {
    method: 'POST',
    path: '/user/signUp',
    summary: 'Create a user (admins only)',
    auth: 'admin',
    body: signUpBody,
    response: userResponse,
    errors: [409],
  },
  list: {
    method: 'POST',
    reads: true,
    path: '/user/all',
    summary: 'List users (admins only)',
    auth: 'admin',
    body: listBody,
    response: usersResponse,
  },
  update: {
    method: 'PATCH',
    path: '/user/update',
    summary: 'Change a user (admins only)',
    auth: 'admin',
    body: updateUserBody,
    response: userResponse,
    errors: [404, 409],
  },
  get: {
    method: 'POST',
    reads: true,
    path: '/user/:name',
    summary: 'One user by id or username (admins, or the user themself)',
    params: userNameParams,
    response: userResponse,
    errors: [403, 404],
  },
});
