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

/** Each route's schema as JSON Schema; a write call also documents its Idempotency-Key. */
const transform: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const config = (input.route as { config?: { idempotent?: boolean } }).config;
  return config?.idempotent ? { ...out, schema: { ...out.schema, headers: idempotencyKey } } : out;
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
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Token' } } },
      security: [{ token: [] }],
    },
    transform,
    // Schemas named with `.meta({ id })` in packages/contracts become components/schemas and are referenced.
    transformObject: (input) => withRetryAfter(jsonSchemaTransformObject(input)),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  app.get('/api/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, () => app.swagger());
});
