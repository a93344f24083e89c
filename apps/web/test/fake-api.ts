import { vi } from 'vitest';

/** One request the screen sent. */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
  /** The Idempotency-Key it carried (writes only). */
  idempotencyKey?: string;
}

type Answer = { status?: number; body: unknown } | ((request: SentRequest) => { status?: number; body: unknown });

/**
 * The server as a screen sees it, for component tests: `routes` answers by "METHOD /path"
 * (the path without /api), anything else is a 404; every request is kept in `sent`.
 */
export function fakeApi(routes: Record<string, Answer>) {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = url.replace(/^\/api/, '').replace(/\/$/, '');
      const body =
        typeof init.body === 'string' ? JSON.parse(init.body) : init.body instanceof FormData ? init.body : undefined;
      const idempotencyKey = (init.headers as Record<string, string> | undefined)?.['Idempotency-Key'];
      const request = { method, path, body, idempotencyKey };
      sent.push(request);
      const route = routes[`${method} ${path}`];
      const answer = typeof route === 'function' ? route(request) : route;
      const status = answer?.status ?? (answer ? 200 : 404);
      const json = answer ? answer.body : { message: 'Not found' };
      return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { sent };
}
