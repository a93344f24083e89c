import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { issueText } from '@wd/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isContention, sqlState } from '../lib/db-errors.js';
import { AppError } from '../lib/errors.js';

export const SERVER_ERROR = 'Something went wrong on the server';
/** A change the database gave up for contention even after its retries (nothing of it was written). */
export const BUSY = 'Too many changes at once: this one was not saved. Please try again in a moment';
export const URL_TOO_LONG = 'The address (URL) is too long';
export const BAD_URL = 'The address (URL) is not validly encoded';

/** What an error answer outside a route gets of the security headers (docs/security.md). */
const ERROR_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

/**
 * Fastify's `frameworkErrors`: the router's refusals before any route runs
 * (a path parameter longer than maxParamLength, bad percent-encoding) answer
 * `{ message }` like every other error.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.headers(ERROR_HEADERS);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send({ message: URL_TOO_LONG });
  if (error.code === 'FST_ERR_BAD_URL') return reply.status(400).send({ message: BAD_URL });
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ message: SERVER_ERROR });
}

/**
 * The HTTP server's `clientError`: a request Node's parser refuses before
 * Fastify sees it. A request line or headers over Node's 16 KB limit is a 414
 * when the request line is what does not fit (no line end in what arrived, or
 * a first line over 8 KB), else a 431; a timeout 408; anything else 400.
 * The answer is `{ message }`, then the connection closes.
 */
export function clientErrorHandler(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let message = 'The request is not valid HTTP';
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    message = 'The request took too long to arrive';
  } else if (error.code === 'HPE_HEADER_OVERFLOW' || error.code === 'HPE_URI_TOO_LONG') {
    const packet = Buffer.isBuffer(error.rawPacket) ? error.rawPacket : Buffer.alloc(0);
    const lineEnd = packet.indexOf('\r\n');
    const lineTooLong = error.code === 'HPE_URI_TOO_LONG' || lineEnd === -1 || lineEnd > 8192;
    status = lineTooLong ? 414 : 431;
    message = lineTooLong ? URL_TOO_LONG : 'The request headers are too large';
  }
  if (socket.writable) {
    const body = JSON.stringify({ message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\n` +
        `Content-Security-Policy: ${ERROR_HEADERS['content-security-policy']}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Keys of a logged error that hold the values of a query or a row (docs/security.md "Logs"). */
const VALUE_KEYS = new Set(['params', 'parameters', 'detail']);

/** The texts of a query's parameters, to be blotted out wherever the database repeats them. */
function paramTexts(value: unknown): string[] {
  if (typeof value === 'string') return value.length >= 3 ? [value] : [];
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? [] : [value.toISOString()];
  if (Array.isArray(value)) return value.flatMap(paramTexts);
  if (value && typeof value === 'object' && !Buffer.isBuffer(value) && !ArrayBuffer.isView(value)) {
    try {
      return paramTexts(JSON.stringify(value));
    } catch {
      return [];
    }
  }
  return [];
}

function redact(text: string, secrets: string[]): string {
  let out = text;
  // Longest first, so a value that contains another is blotted out whole.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) out = out.split(secret).join('[value]');
  return out;
}

/**
 * The logger's serializer for errors: the statement and the database's error
 * (code, constraint, table, message) but never the values. A Drizzle query
 * error says `Failed query: … params: …`: the params are dropped, and so is
 * the database's `detail` (a failing row or key holds customer data or a
 * password hash); any parameter the database's message repeats is replaced
 * by `[value]`. The cause chain is serialized the same way.
 */
export function serializeError(error: unknown, secrets: string[] = [], depth = 0): unknown {
  if (!(error instanceof Error)) return typeof error === 'object' ? '[not an Error]' : error;
  const e = error as Error & Record<string, unknown>;
  const params = Array.isArray(e.params) ? e.params : undefined;
  const values = params ? [...secrets, ...paramTexts(params)] : secrets;
  // Drizzle's message is `Failed query: <statement>\nparams: <values>`: the statement is kept.
  const message = String(e.message).split('\nparams: ')[0];
  const out: Record<string, unknown> = { type: e.constructor?.name ?? e.name, message: redact(message, values) };
  if (typeof e.stack === 'string') out.stack = redact(e.stack.replace(e.message, message), values);
  for (const [key, value] of Object.entries(e)) {
    if (VALUE_KEYS.has(key) || key === 'cause' || key === 'message' || key === 'stack') continue;
    if (typeof value === 'string') out[key] = redact(value, values);
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  if (params) out.params = `${params.length} values, not logged`;
  if (e.cause !== undefined && depth < 4) out.cause = serializeError(e.cause, values, depth + 1);
  return out;
}

/**
 * One place turns every failure into `{ message }` with the right status,
 * and never a stack trace.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send(error.field ? { message: error.message, field: error.field } : { message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const path = first.instancePath.split('/').filter(Boolean);
      if (path.length === 0) path.push(error.validationContext ?? 'body');
      return reply
        .status(400)
        .send({ message: issueText(path, first.message ?? 'is not valid'), field: path.join('.') || undefined });
    }
    if (isContention(error)) {
      request.log.warn({ sqlState: sqlState(error) }, 'a transaction still failed for contention after its retries');
      return reply.status(503).header('retry-after', '1').send({ message: BUSY });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: SERVER_ERROR });
    }
    // Fastify's own client errors: bad JSON, too large, unsupported media type …
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'The request body is not valid JSON'
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'The request is too large'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type'
            : error.message;
    return reply.status(status).send({ message });
  });
});
