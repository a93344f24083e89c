import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { withCommitHook } from '../db/client.js';
import { AppError, ConflictError, ValidationError } from '../lib/errors.js';
import { periodic } from '../lib/periodic.js';
import { idempotencyRepository as repo } from '../modules/idempotency/idempotency.repository.js';

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'The Idempotency-Key header must be 1 to 255 visible characters',
  otherRequest: 'This Idempotency-Key was already used for a different request',
  inProgress: 'A request with this Idempotency-Key is still being carried out: try again in a moment',
  lost: 'A request with this Idempotency-Key was carried out, but its answer was lost: look the result up before sending it again with a new key',
};

/** Keys are kept at least this long (docs/api.md). */
export const KEEP_HOURS = 72;
/** How long a repeat waits for the first request with its key to answer, before a 409. */
const WAIT_MS = 10_000;
/** A key claimed this long ago without an answer belongs to a request whose process ended. */
const STALE_SECONDS = 60;
const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
const KEY = /^[\x21-\x7e]{1,255}$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request holds (it is the first with it). */
    idempotency?: { scope: number; key: string };
  }
  interface FastifyContextConfig {
    /** The route is a write that takes an Idempotency-Key (registerCalls sets it from the call). */
    idempotent?: boolean;
  }
}

/**
 * What makes two requests with one key the same request: method, address and JSON body. A
 * multipart body (a file with its fields) is not read twice: its length and the length of its
 * boundary (a retry of the same form has a new boundary of the same length) stand for it.
 */
function fingerprintOf(request: FastifyRequest): string {
  const type = String(request.headers['content-type'] ?? '');
  const boundary = /boundary=("?)([^";]+)\1/i.exec(type)?.[2];
  const body = type.toLowerCase().startsWith('multipart/')
    ? `multipart ${request.headers['content-length'] ?? '?'} ${boundary?.length ?? 0}`
    : JSON.stringify(request.body ?? null);
  return createHash('sha256').update(`${request.method} ${request.url}\n${body}`).digest('base64url');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Idempotent writes (docs/api.md "Idempotency-Key"). A write call (a POST, PATCH or DELETE that
 * is not a read, see `reads` in the calls' table) with the header is carried out once per user
 * and key; on other routes the header is ignored: the first request claims the key (one committed insert, so
 * every instance sees it), its change marks the key applied in the change's own transaction,
 * and its answer is stored. A repeat with the same fingerprint gets that answer (waiting for it
 * while the first runs) and changes nothing; with another fingerprint it is a 422. A first
 * request that changed nothing and answered 5xx gives the key back, so the repeat runs.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  const { db } = app.ctx;

  /** Claims the key for this request, or answers it from the first request with the key. */
  async function claimOrReplay(request: FastifyRequest, reply: FastifyReply, key: string) {
    const scope = request.user?.id ?? 0;
    const fingerprint = fingerprintOf(request);
    const started = Date.now();
    for (;;) {
      if (await repo.claim(db, { scope, key, fingerprint, method: request.method, path: request.url })) {
        request.idempotency = { scope, key };
        return;
      }
      const first = await repo.find(db, scope, key);
      if (!first) continue; // given back meanwhile: claim it again
      if (first.fingerprint !== fingerprint) throw new AppError(422, IDEMPOTENCY_MESSAGES.otherRequest);
      if (first.status !== null) {
        reply.header('idempotent-replayed', 'true');
        if (first.contentType) reply.type(first.contentType);
        return reply.code(first.status).send(first.body ?? Buffer.alloc(0));
      }
      if (await repo.takeOver(db, scope, key, STALE_SECONDS)) {
        request.idempotency = { scope, key };
        return;
      }
      if (Date.now() - started >= WAIT_MS) {
        const lost = first.applied && Date.now() - first.createdAt.getTime() > STALE_SECONDS * 1000;
        reply.header('retry-after', '1');
        throw new ConflictError(lost ? IDEMPOTENCY_MESSAGES.lost : IDEMPOTENCY_MESSAGES.inProgress);
      }
      await sleep(50);
    }
  }

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    if (!request.routeOptions.config.idempotent || !WRITES.has(request.method) || header === undefined) return;
    if (typeof header !== 'string' || !KEY.test(header)) throw new ValidationError(IDEMPOTENCY_MESSAGES.badKey);
    return claimOrReplay(request, reply, header);
  });
  // The handler runs inside the commit hook: every transaction it commits marks the key applied.
  app.addHook('preHandler', (request, _reply, done) => {
    const claim = request.idempotency;
    if (!claim) return done();
    withCommitHook((tx) => repo.markApplied(tx, claim.scope, claim.key), done);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = undefined;
    const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : undefined;
    // A server failure that changed nothing, or a streamed answer: the key is given back and a
    // repeat runs again. Otherwise (the change committed) the answer is kept for repeats.
    const failed = reply.statusCode >= 500;
    if (failed || body === undefined) await repo.release(db, claim.scope, claim.key);
    if (body !== undefined) {
      const type = reply.getHeader('content-type');
      const answer = { status: reply.statusCode, contentType: type === undefined ? null : String(type), body };
      await repo.answer(db, claim.scope, claim.key, answer, failed);
    }
    return payload;
  });

  const purge = periodic(
    () => repo.purge(db, KEEP_HOURS),
    (error) => app.log.warn({ err: error }, 'purging old idempotency keys failed'),
    60 * 60_000,
  );
  app.addHook('onReady', async () => purge.start());
  app.addHook('onClose', async () => purge.stop());
});
