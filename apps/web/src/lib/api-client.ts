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

async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
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
    response = await fetch(`/api/${path.replace(/^\//, '')}`, { method, headers, body: payload });
  } catch (error) {
    throw new NetworkError(error);
  }
  const text = await response.text();
  const data = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const message = (data as { message?: string })?.message ?? `The server answered ${response.status}`;
    // An expired or revoked token: the session is over.
    if (response.status === 401 && token && session.token() === token) session.clear();
    throw new ApiError(response.status, message, (data as { field?: string })?.field);
  }
  return data as T;
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

/** Like fetchBlob, with the name the server gives the file (content-disposition), else `fallback`. */
export async function fetchFile(path: string, fallback = 'download'): Promise<{ blob: Blob; filename: string }> {
  const token = session.token();
  let response: Response;
  try {
    response = await fetch(path.startsWith('/') ? path : `/api/${path}`, { headers: token ? { Token: token } : {} });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const data = safeJson(await response.text()) as { message?: string; field?: string };
    if (response.status === 401 && token && session.token() === token) session.clear();
    throw new ApiError(response.status, data?.message ?? `The server answered ${response.status}`, data?.field);
  }
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
