import { issueText } from '@wd/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.js';

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
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: 'Something went wrong on the server' });
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
