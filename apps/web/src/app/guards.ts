import { redirect } from 'react-router';
import { checkToken } from '../features/auth/api';
import { restoreSession, session } from '../lib/session';

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
