import { callRoutes, type Session } from '@wd/contracts';
import { redirect } from 'react-router';
import { callApi } from './api-client';
import { restoreSession, session } from './session';

/** The session of the stored token (user/token), for restoreSession. */
export const checkToken = (): Promise<Session> => callApi(callRoutes.userCalls.token);

/** A route flagged for authentication sends a visitor to /signin. */
export async function requireAuth() {
  await restoreSession(checkToken);
  if (!session.get()) throw redirect('/signin');
  return null;
}

/** Admin-only routes: a non-admin goes to /, a visitor to /signin. */
export async function requireAdmin() {
  await requireAuth();
  if (session.get()?.type !== 'admin') throw redirect('/');
  return null;
}

/** The sign-in route sends an already authenticated user to /. */
export async function guestOnly() {
  await restoreSession(checkToken);
  if (session.get()) throw redirect('/');
  return null;
}
