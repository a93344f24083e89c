import type { Session } from '@wd/contracts';
import { useSyncExternalStore } from 'react';

/**
 * The signed-in session, kept in local storage so a reload keeps it and
 * another tab removing the token signs this one out.
 */
const TOKEN_KEY = 'token';
const USER_KEY = 'user';

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Session | null = read();

function read(): Session | null {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const user = localStorage.getItem(USER_KEY);
    if (!token || !user) return null;
    return { ...(JSON.parse(user) as Omit<Session, 'token'>), token };
  } catch {
    return null;
  }
}

function emit() {
  for (const listener of listeners) listener();
}

export const session = {
  get(): Session | null {
    return current;
  },
  token(): string | null {
    return current?.token ?? null;
  },
  set(next: Session) {
    const { token, ...user } = next;
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    current = next;
    verified = true;
    emit();
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    const had = current !== null;
    current = null;
    verified = false;
    if (had) emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab signed out (or the token was removed by hand): sign this tab out too.
window.addEventListener('storage', (event) => {
  if (event.key !== null && event.key !== TOKEN_KEY && event.key !== USER_KEY) return;
  const next = read();
  if (!next) {
    current = null;
    verified = false;
    emit();
  } else if (next.token !== current?.token) {
    current = next;
    emit();
  }
});

let verified = false;
let pending: Promise<void> | null = null;

/**
 * Restores the session by token (user/token). A network failure keeps the
 * session; any other failure clears it. Errors are only logged.
 */
export function restoreSession(check: (token: string) => Promise<Session>, force = false): Promise<void> {
  const token = session.token();
  if (!token) return Promise.resolve();
  if (verified && !force) return Promise.resolve();
  pending ??= check(token)
    .then((fresh) => {
      if (session.token() === token) session.set(fresh);
    })
    .catch((error: unknown) => {
      const network = error instanceof Error && error.name === 'NetworkError';
      if (!network && session.token() === token) session.clear();
      console.warn('Session check failed', error);
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** The signed-in session in a component, which renders again when it changes. */
export function useSession(): Session | null {
  return useSyncExternalStore(session.subscribe, session.get);
}
