import { type Call, errorSchema, errorStatuses, type MultipartSpec } from '@wd/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthUser } from './context.js';
import { dataExceptionMessage, sqlState } from './db-errors.js';
import { UnauthorizedError, ValidationError } from './errors.js';
import { readMultipartCall, type UploadedImage } from './uploads.js';

/** What a handler gets: the validated params and body, the signed-in user, and the raw request/reply. */
export interface CallContext<C extends Call> {
  params: C['params'] extends z.ZodType ? z.output<C['params']> : undefined;
  body: C['body'] extends z.ZodType ? z.output<C['body']> : undefined;
  /** The image of a multipart call (null when the optional part was not sent). */
  file: UploadedImage | null;
  /** The signed-in user (401 when read on a public call without one). */
  user: AuthUser;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<C extends Call> = (ctx: CallContext<C>) => Promise<z.input<C['response']>> | z.input<C['response']>;
export type Handlers<T extends Record<string, Call>> = { [K in keyof T]: Handler<T[K]> };

/** The parts of a multipart call, for the OpenAPI document. */
function multipartSchema(spec: MultipartSpec) {
  const file = z
    .file()
    .describe(
      spec.accept === 'pdf'
        ? 'A PDF, at most 10 MB'
        : spec.accept === 'csv'
          ? 'A CSV file (comma, semicolon or tab separated, UTF-8 or Windows-1252) or an Excel workbook (.xlsx), at most 10 MB'
          : 'An image (JPEG, PNG, WebP or HEIC), at most 10 MB',
    );
  return z.object({
    ...(spec.json ? { [spec.json]: z.string().describe('The record as JSON text') } : {}),
    [spec.file]: spec.fileRequired ? file : file.optional(),
  });
}

/**
 * Registers an area's routes from its table of calls (packages/contracts):
 * path, method, auth level, request and response schemas and the error
 * statuses all come from the table; the handlers only call the service.
 * A multipart call's parts are read and validated here (the JSON part by the
 * call's body schema, the file by its content), so handlers get `body` and `file`.
 */
export function registerCalls<T extends Record<string, Call>>(app: FastifyInstance, calls: T, handlers: Handlers<T>) {
  for (const [name, call] of Object.entries(calls)) {
    const handler = handlers[name] as Handler<Call>;
    const response: Record<number, z.ZodType> = { 200: call.response };
    for (const status of errorStatuses(call)) response[status] = errorSchema;
    const multipart = call.multipart;
    app.route({
      method: call.method,
      url: call.path,
      // A write takes an Idempotency-Key; a read asked by POST does not, nor does a public call
      // (signing in: its answer holds a session token, which is never stored).
      config: { auth: call.auth, idempotent: !call.reads && call.auth !== 'public' },
      schema: {
        tags: [call.tag],
        summary: call.summary,
        operationId: `${call.tag.replace(/\W+(\w)/g, (_, c: string) => c.toUpperCase())}.${name}`,
        ...(call.params ? { params: call.params } : {}),
        ...(multipart
          ? { body: multipartSchema(multipart), consumes: ['multipart/form-data'] }
          : call.body
            ? { body: call.body }
            : {}),
        response,
      },
      // The multipart body is validated by readMultipartCall, part by part; a JSON
      // body (which such calls also take) is passed on untouched (`true`: valid, kept).
      ...(multipart
        ? {
            validatorCompiler: ((route: Parameters<typeof validatorCompiler>[0]) =>
              route.httpPart === 'body' ? () => true : validatorCompiler(route)) as never,
          }
        : {}),
      handler: async (request, reply) => {
        let body: unknown = request.body;
        let file: UploadedImage | null = null;
        if (multipart) ({ body, file } = await readMultipartCall(request, multipart, call.body));
        return runHandler(handler, {
          params: request.params,
          body,
          file,
          get user() {
            if (!request.user) throw new UnauthorizedError();
            return request.user;
          },
          request,
          reply,
        } as CallContext<Call>);
      },
    });
  }
}

/**
 * Runs a handler; a database data exception (a value no column takes, which
 * the schemas should have refused) becomes a 400 instead of a 500, logged
 * with its SQLSTATE so the schema can be fixed (never with the values).
 */
async function runHandler(handler: Handler<Call>, ctx: CallContext<Call>) {
  try {
    return await handler(ctx);
  } catch (error) {
    const message = dataExceptionMessage(error);
    if (!message) throw error;
    ctx.request.log.warn({ sqlState: sqlState(error) }, 'a value the schema let through was refused');
    throw new ValidationError(message);
  }
}

/**
 * The generic handlers below serve any area's calls, so they take the widest
 * context and answer `never`: the response schema still checks each answer
 * at run time, and each area's API tests check the shapes.
 */
type Ctx = CallContext<Call>;
const idOf = (c: Ctx) => (c.params as unknown as { id?: number } | undefined)?.id as number;
/** One id from the path (`…/delete/:id`) or many from the body (`{ ids }`). */
const idsOf = (c: Ctx) => (idOf(c) ? [idOf(c)] : (c.body as unknown as { ids: number[] }).ids);

/** What a record area's service offers: a list, one record by id, create and update. */
interface RecordService {
  list(filter: never, deleted?: boolean): unknown;
  get(id: number): Promise<unknown>;
  create(input: never, user: AuthUser): Promise<unknown>;
  update(input: never, user: AuthUser): Promise<unknown>;
}

/** list, get, create and update; the single record answers under `key` (`{ expense: … }`). */
function baseHandlers(key: string, service: RecordService) {
  const one = async (record: Promise<unknown>) => ({ [key]: await record }) as never;
  return {
    list: (c: Ctx) => service.list(c.body as never) as never,
    get: (c: Ctx) => one(service.get(idOf(c))),
    create: (c: Ctx) => one(service.create(c.body as never, c.user)),
    update: (c: Ctx) => one(service.update(c.body as never, c.user)),
  };
}

/** The handlers of a plain record area's list, get, create, update and delete (by id) calls. */
export function recordHandlers(
  key: string,
  service: RecordService & { delete(id: number, user: AuthUser): Promise<{ message: string }> },
) {
  return { ...baseHandlers(key, service), delete: (c: Ctx) => service.delete(idOf(c), c.user) };
}

/**
 * The handlers of a soft-deletable area (lib/soft-delete.ts): the record
 * calls plus the deleted list, and delete and recover by one id or many.
 */
export function softDeleteHandlers(
  key: string,
  service: RecordService & {
    delete(ids: number[], user: AuthUser): Promise<{ message: string }>;
    recover(ids: number[], user: AuthUser): Promise<{ message: string }>;
  },
) {
  const remove = (c: Ctx) => service.delete(idsOf(c), c.user);
  const recover = (c: Ctx) => service.recover(idsOf(c), c.user);
  return {
    ...baseHandlers(key, service),
    listDeleted: (c: Ctx) => service.list(c.body as never, true) as never,
    deleteOne: remove,
    delete: remove,
    recoverOne: recover,
    recover,
  };
}
