import { type Call, type CallInput, type CallResult, type CallRoute, callPath } from '@wd/contracts';
import { session } from './session';

/** A failed call: the server's `{ message, field? }` and the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    /** Seconds the server asks to wait before trying again (a 409 "still being carried out", a 503). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The message without the leading field name, to show under that field. */
  get fieldMessage(): string {
    const text =
      this.field && this.message.startsWith(`${this.field} `)
        ? this.message.slice(this.field.length + 1)
        : this.message;
    return text ? text[0].toUpperCase() + text.slice(1) : text;
  }
}

/** No answer at all (server down, offline). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The server could not be reached. Check the connection and try again.');
    this.name = 'NetworkError';
    this.cause = cause;
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * A new Idempotency-Key: a random UUID (v4). Built from getRandomValues, which a page served
 * over plain HTTP on the office network has too (randomUUID needs a secure context).
 */
export function newIdempotencyKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Sends of a write beyond the first when no answer came or the server was busy (503), with the same key. */
export const WRITE_RETRIES = 2;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One request with the session's token; answers the response when it is OK and
 * throws ApiError (`{ message, field? }`, ending the session on a 401) or
 * NetworkError otherwise. `url` is absolute (/files/…) or under /api.
 *
 * A write sends its Idempotency-Key (`key`), so the server carries it out once however often it
 * arrives: when no answer comes (the connection dropped) or the server was too busy (503), it is
 * sent again with the same key, up to WRITE_RETRIES times.
 */
async function send(method: Method, url: string, body?: unknown, key?: string): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = session.token();
  if (token) headers.Token = token;
  const write = key !== undefined;
  if (write) headers['Idempotency-Key'] = key;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined || method === 'POST' || method === 'PATCH') {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body ?? {});
  }
  let response: Response;
  for (let attempt = 0; ; attempt++) {
    const again = write && attempt < WRITE_RETRIES;
    try {
      response = await fetch(url.startsWith('/') ? url : `/api/${url}`, { method, headers, body: payload });
    } catch (error) {
      if (!again) throw new NetworkError(error);
      await pause(500 * 2 ** attempt);
      continue;
    }
    if (response.status !== 503 || !again) break;
    await pause(Math.min(5, Number(response.headers.get('retry-after')) || 1) * 1000);
  }
  if (!response.ok) {
    const text = await response.text();
    const data = (text ? safeJson(text) : undefined) as { message?: string; field?: string } | undefined;
    // An expired or revoked token: the session is over.
    if (response.status === 401 && token && session.token() === token) session.clear();
    const retryAfter = Number(response.headers.get('retry-after')) || undefined;
    throw new ApiError(
      response.status,
      data?.message ?? `The server answered ${response.status}`,
      data?.field,
      retryAfter,
    );
  }
  return response;
}

async function request<T>(method: Method, path: string, body?: unknown, key?: string): Promise<T> {
  const text = await (await send(method, `/api/${path.replace(/^\//, '')}`, body, key)).text();
  return (text ? safeJson(text) : undefined) as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

/**
 * A multipart call's file (optional where the call says so), and the write's Idempotency-Key when
 * the screen keeps one for a form (so that a second Save of the same form is the same request).
 */
export type CallFile = { file?: File | Blob | null; idempotencyKey?: string };

/**
 * Makes a call of the table (packages/contracts): the path from its
 * parameters, the body as JSON (or multipart with the file), and the answer
 * typed by its response schema. It takes the call itself or its route
 * (`callRoutes`: the same request without the call's schemas, which the
 * start-up's modules use so that the first screen does not build them).
 */
export function callApi<C extends Call>(
  call: C | CallRoute<C>,
  input?: CallInput<C> & CallFile,
): Promise<CallResult<C>> {
  const { params, body, file, idempotencyKey } = (input ?? {}) as {
    params?: Record<string, unknown>;
    body?: unknown;
  } & CallFile;
  const path = callPath(call, params);
  // Every write has its key: the form's when it keeps one, else this call's own.
  const key = call.reads || call.auth === 'public' ? undefined : (idempotencyKey ?? newIdempotencyKey());
  if (!call.multipart) return request(call.method, path, body, key);
  const form = new FormData();
  if (call.multipart.json) form.append(call.multipart.json, JSON.stringify(body ?? {}));
  if (file) form.append(call.multipart.file, file, file instanceof File ? file.name : call.multipart.file);
  return request(call.method, path, form, key);
}

/** A file behind the Token header (stored images, PDFs), as a Blob. `path` is absolute (/files/…) or under /api. */
export async function fetchBlob(path: string): Promise<Blob> {
  return (await fetchFile(path)).blob;
}

/** The file name a download answer gives in its content-disposition (`filename*=` or `filename=`), or `fallback`. */
export function dispositionFilename(header: string | null, fallback: string): string {
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header ?? '');
  if (star) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header ?? '');
  return plain ? (plain[2] ?? plain[1]).trim() : fallback;
}

/**
 * Like fetchBlob, with the name the server gives the file (content-disposition),
 * else `fallback`. With a `body` the file is asked for by POST (a report's CSV
 * under its filter).
 */
export async function fetchFile(
  path: string,
  fallback = 'download',
  body?: unknown,
): Promise<{ blob: Blob; filename: string }> {
  const response = await send(body === undefined ? 'GET' : 'POST', path, body);
  return {
    blob: await response.blob(),
    filename: dispositionFilename(response.headers.get('content-disposition'), fallback),
  };
}

/** Saves a Blob under a file name (a download in the browser). */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The message to show for any failure. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof NetworkError) return error.message;
  if (error instanceof Error) return error.message;
  return 'There has been an error';
}
