import { ApiError, NetworkError } from './api-client';
import { session } from './session';

/**
 * The answer stopped before its last line (the connection broke mid-way):
 * what the server did after the lines already read is unknown.
 */
export class StreamEndedError extends Error {
  constructor(cause?: unknown) {
    super('The connection to the server broke before its answer was complete.');
    this.name = 'StreamEndedError';
    this.cause = cause;
  }
}

function messageOf(text: string, status: number): { message: string; field?: string } {
  try {
    const data = JSON.parse(text) as { message?: unknown; field?: unknown };
    if (data && typeof data.message === 'string') {
      return { message: data.message, field: typeof data.field === 'string' ? data.field : undefined };
    }
  } catch {
    // not JSON: the text itself is the message
  }
  return { message: text || `The server answered ${status}` };
}

/**
 * POSTs `body` (JSON, or FormData as it is) to `path` (under /api, as
 * callPath gives it) with the session's token, and hands each line of the
 * NDJSON answer to `onLine` as it arrives. A non-OK answer throws ApiError
 * with the server's `{ message }` (ending the session on a 401), no answer
 * NetworkError, and a connection that breaks while the lines are read
 * StreamEndedError (a line cut in the middle is never handed on).
 */
export async function postNdjson<T>(
  path: string,
  body: FormData | unknown,
  onLine: (line: T) => void,
  signal?: AbortSignal,
): Promise<void> {
  const headers: Record<string, string> = { Accept: 'application/x-ndjson' };
  const token = session.token();
  if (token) headers.Token = token;
  let payload: BodyInit;
  if (body instanceof FormData) payload = body;
  else {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body ?? {});
  }
  let response: Response;
  try {
    response = await fetch(path.startsWith('/') ? path : `/api/${path}`, {
      method: 'POST',
      headers,
      body: payload,
      signal,
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const { message, field } = messageOf(await response.text().catch(() => ''), response.status);
    if (response.status === 401 && token && session.token() === token) session.clear();
    throw new ApiError(response.status, message, field);
  }

  const emit = (raw: string) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    let value: T;
    try {
      value = JSON.parse(line) as T;
    } catch (error) {
      throw new StreamEndedError(error);
    }
    onLine(value);
  };

  if (!response.body) {
    for (const line of (await response.text()).split('\n')) emit(line);
    return;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (error) {
      throw new StreamEndedError(error);
    }
    if (chunk.done) break;
    pending += decoder.decode(chunk.value, { stream: true });
    let end = pending.indexOf('\n');
    while (end >= 0) {
      emit(pending.slice(0, end));
      pending = pending.slice(end + 1);
      end = pending.indexOf('\n');
    }
  }
  pending += decoder.decode();
  // The last line may come without its newline.
  emit(pending);
}
