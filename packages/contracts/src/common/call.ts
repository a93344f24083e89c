import type { z } from 'zod';

/**
 * One entry of the table of calls: everything both ends need to agree on.
 * The server registers its routes from these entries (validation, response
 * schema, error statuses, who may call), the web client builds its requests
 * and types from them, and the OpenAPI document is generated from them.
 * See docs/api.md.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Who may make a call: anyone, any signed-in user (the default), or admins only. */
export type CallAuth = 'public' | 'user' | 'admin';

/** Statuses a call can answer besides 200; each answers `{ message, field? }`. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429;

/** A multipart call: a JSON text part and an optional file part (documented; read by the handler). */
export interface MultipartSpec {
  /** The part that carries the record as JSON text, validated by the call's `body` schema; absent for file-only calls. */
  json?: string;
  /** The JSON part may be left out (the body schema then reads `undefined`). */
  jsonOptional?: boolean;
  /** The file part. */
  file: string;
  /** Whether the file part is required. */
  fileRequired: boolean;
  /** What the file part may be, by its content: an image (the default), a PDF or a table (a CSV text file or an .xlsx workbook). */
  accept?: 'image' | 'pdf' | 'csv';
}

export interface Call<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Under /api, with `:name` parameters, e.g. `/product/:id`. */
  path: string;
  summary: string;
  /** OpenAPI tag (the area). */
  tag: string;
  auth: CallAuth;
  params: P;
  body: B;
  response: R;
  /** Statuses besides 200 (400 and 401/403 are added from the schemas and `auth`). */
  errors: readonly ErrorStatus[];
  multipart?: MultipartSpec;
  /**
   * The call changes nothing (a list, a record, a report or a file asked for by POST, as the
   * spec has them): it takes no Idempotency-Key. Every other POST, PATCH and DELETE does.
   */
  reads: boolean;
}

type CallInit<P, B, R> = {
  method: HttpMethod;
  reads?: boolean;
  path: string;
  summary: string;
  auth?: CallAuth;
  params?: P;
  body?: B;
  response: R;
  errors?: readonly ErrorStatus[];
  multipart?: MultipartSpec;
};

/**
 * The calls of one area, with the area's tag. Keys are the names the client
 * and the server use (`products.get`); each value is completed with defaults
 * (signed-in users only, no extra errors).
 */
export function defineCalls<
  const T extends Record<string, CallInit<z.ZodType | undefined, z.ZodType | undefined, z.ZodType>>,
>(
  tag: string,
  calls: T,
): {
  [K in keyof T]: Call<
    T[K]['params'] extends z.ZodType ? T[K]['params'] : undefined,
    T[K]['body'] extends z.ZodType ? T[K]['body'] : undefined,
    T[K]['response']
  >;
} {
  const out: Record<string, Call> = {};
  for (const [name, c] of Object.entries(calls)) {
    out[name] = {
      method: c.method,
      path: c.path,
      summary: c.summary,
      tag,
      auth: c.auth ?? 'user',
      params: c.params,
      body: c.body,
      response: c.response,
      errors: c.errors ?? [],
      multipart: c.multipart,
      reads: c.reads ?? c.method === 'GET',
    };
  }
  return out as never;
}

/**
 * What a client needs to make a call, without its schemas: its method, path, who may make it,
 * whether it changes anything, and its multipart parts. Typed by the call it stands for, so a
 * client builds the same request and gets the same answer's type as with the call itself, without
 * building (or downloading) the call's schemas. `callRoutes` (calls/routes.ts) holds one per call.
 */
export interface CallRoute<C extends Call = Call> extends Pick<Call, 'method' | 'path' | 'auth' | 'reads'> {
  multipart?: MultipartSpec;
  /** Only the type: the call this route stands for. */
  readonly call?: C;
}

/** The call a route stands for (`RouteCall<typeof callRoutes.userCalls.signIn>`), for its input's and answer's types. */
export type RouteCall<R> = R extends CallRoute<infer C> ? C : never;

/** Every status a call can answer besides 200, from its schemas, its auth level and its own list. */
export function errorStatuses(call: Call): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(call.errors);
  if (call.params || call.body || call.multipart) statuses.add(400);
  if (call.auth !== 'public') statuses.add(401);
  if (call.auth === 'admin') statuses.add(403);
  return [...statuses].sort((a, b) => a - b);
}

/** What a call takes: `params` and `body` where it has them (the body as the client sends it). */
export type CallInput<C extends Call> = (C['params'] extends z.ZodType ? { params: z.input<C['params']> } : object) &
  (C['body'] extends z.ZodType ? { body?: z.input<C['body']> } : object);

/** What a call answers. */
export type CallResult<C extends Call> = z.output<C['response']>;

/** `/product/:id` + `{ id: 5 }` → `product/5/` (the spec's trailing slash). */
export function callPath(call: Pick<Call, 'path'>, params?: Record<string, unknown>): string {
  const path = call.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`${call.path}: missing ${name}`);
    return encodeURIComponent(String(value));
  });
  return `${path.replace(/^\//, '')}/`;
}
