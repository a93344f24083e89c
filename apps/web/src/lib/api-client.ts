import { type Call, type CallInput, type CallResult, callPath } from '@wd/contracts';
import { session } from './session';

/** A failed call: the server's `{ message, field? }` and the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
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
 * One request with the session's token; answers the response when it is OK and
 * throws ApiError (`{ message, field? }`, ending the session on a 401) or
 * NetworkError otherwise. `url` is absolute (/files/…) or under /api.
 */
async function send(method: Method, url: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = session.token();
  if (token) headers.Token = token;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined || method === 'POST' || method === 'PATCH') {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body ?? {});
  }
  let response: Response;
  try {
    response = await fetch(url.startsWith('/') ? url : `/api/${url}`, { method, headers, body: payload });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const text = await response.text();
    const data = (text ? safeJson(text) : undefined) as { message?: string; field?: string } | undefined;
    // An expired or revoked token: the session is over.
    if (response.status === 401 && token && session.token() === token) session.clear();
    throw new ApiError(response.status, data?.message ?? `The server answered ${response.status}`, data?.field);
  }
  return response;
}

async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const text = await (await send(method, `/api/${path.replace(/^\//, '')}`, body)).text();
  return (text ? safeJson(text) : undefined) as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

/** A multipart call's file (optional where the call says so). */
export type CallFile = { file?: File | Blob | null };

/**
 * Makes a call of the table (packages/contracts): the path from its
 * parameters, the body as JSON (or multipart with the file), and the answer
 * typed by its response schema.
 */
export function callApi<C extends Call>(call: C, input?: CallInput<C> & CallFile): Promise<CallResult<C>> {
  const { params, body, file } = (input ?? {}) as { params?: Record<string, unknown>; body?: unknown } & CallFile;
  const path = callPath(call, params);
  if (!call.multipart) return request(call.method, path, body);
  const form = new FormData();
  if (call.multipart.json) form.append(call.multipart.json, JSON.stringify(body ?? {}));
  if (file) form.append(call.multipart.file, file, file instanceof File ? file.name : call.multipart.file);
  return request(call.method, path, form);
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
