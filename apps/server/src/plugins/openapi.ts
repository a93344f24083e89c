import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** Every 429 (the sign-in limit) documents its Retry-After header. */
function withRetryAfter<T>(document: T): T {
  const paths = (document as { paths?: Record<string, Record<string, { responses?: Record<string, object> }>> }).paths;
  for (const operation of Object.values(paths ?? {}).flatMap((p) => Object.values(p))) {
    const tooMany = operation?.responses?.['429'] as { headers?: object } | undefined;
    if (tooMany) {
      tooMany.headers = {
        'Retry-After': {
          description: 'Seconds until an attempt is let through again',
          schema: { type: 'integer', minimum: 1 },
        },
      };
    }
  }
  return document;
}

/**
 * OpenAPI 3.0 wants a `type` beside `nullable` (a nullable `$ref` comes out of the schema
 * converter as `{ nullable, allOf: [$ref] }`, a nullable union as `{ nullable, anyOf }`): where
 * every branch has one type (a referenced schema's own), it is written beside `nullable`. A
 * nullable enum gets null among its values.
 */
function withNullableTypes<T>(document: T): T {
  const schemas = ((document as { components?: { schemas?: Record<string, { type?: string }> } }).components?.schemas ??
    {}) as Record<string, { type?: string }>;
  const typeOf = (branch: { type?: string; $ref?: string }) =>
    branch.$ref ? schemas[branch.$ref.replace('#/components/schemas/', '')]?.type : branch.type;
  const walk = (node: unknown) => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const schema = node as Record<string, unknown>;
    if (schema.nullable === true && schema.type === undefined) {
      const branches = (schema.allOf ?? schema.anyOf ?? schema.oneOf ?? []) as { type?: string; $ref?: string }[];
      const types = new Set(branches.map(typeOf));
      const [only] = types;
      if (types.size === 1 && only) schema.type = only;
    }
    // A nullable enum lists null among its values (OpenAPI 3.0.3): `nullable` alone does not let a
    // validator take null past `enum` (the invoice list's consignmentStatus of a plain invoice).
    if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
      schema.enum = [...schema.enum, null];
    }
    for (const value of Object.values(schema)) walk(value);
  };
  walk(document);
  return document;
}

/** A write call's optional Idempotency-Key header (plugins/idempotency.ts), as a header parameter. */
const idempotencyKey = {
  type: 'object',
  properties: {
    'Idempotency-Key': {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x21-\\x7e]+$',
      description:
        'Makes a retry safe: a repeat with the same key and body within 72 hours is not carried out again and gets the first answer (docs/api.md, "Idempotency-Key")',
    },
  },
};

/**
 * A file answer (`fileResponse` in the contracts: its JSON Schema carries `x-media-types`) is
 * documented under each of its media types as bytes, not as JSON: a generated client then saves a
 * PDF instead of parsing it.
 */
function withFileContent(schema: Record<string, unknown>): Record<string, unknown> {
  const response = schema.response as Record<string, Record<string, unknown>> | undefined;
  const ok = response?.['200'];
  const types = ok?.['x-media-types'] as string[] | undefined;
  if (!response || !ok || !types) return schema;
  const { 'x-media-types': _types, description, ...file } = ok;
  const content = Object.fromEntries(types.map((type) => [type, { schema: file }]));
  return { ...schema, response: { ...response, 200: { description: description ?? 'The file', content } } };
}

/** Each route's schema as JSON Schema; a write call also documents its Idempotency-Key. */
const transform: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const config = (input.route as { config?: { idempotent?: boolean } }).config;
  const schema = withFileContent(out.schema as Record<string, unknown>) as typeof out.schema;
  return { ...out, schema: config?.idempotent ? { ...schema, headers: idempotencyKey } : schema };
};

/** /api/openapi.json and the reference page /api/docs, both from the route schemas. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Wholesale Desk API',
        version: '1',
        description:
          'Every call but sign-in, change password and health needs the header `Token: <token>` from sign-in.',
      },
      // Relative: the API is on the same origin as this document, wherever the app is served.
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Token' } } },
      security: [{ token: [] }],
    },
    transform,
    // Schemas named with `.meta({ id })` in packages/contracts become components/schemas and are referenced.
    transformObject: (input) => withNullableTypes(withRetryAfter(jsonSchemaTransformObject(input))),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  app.get('/api/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, () => app.swagger());
});
