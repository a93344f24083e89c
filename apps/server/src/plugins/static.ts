import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app and answers every other GET (or HEAD) with index.html so the
 * browser router takes over; unknown /api/ paths answer a JSON 404.
 */
export const staticPlugin = fp(async (app: FastifyInstance, opts: { root?: string }) => {
  const root = opts.root;
  const hasWeb = Boolean(root && existsSync(join(root, 'index.html')));
  if (hasWeb && root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each JS and CSS file; the best one the browser accepts is sent.
      preCompressed: true,
      setHeaders(reply, path) {
        // Hashed assets never change; index.html always revalidates.
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (path.startsWith('/api/') || path === '/api' || !read || !hasWeb) {
      return reply.status(404).send({ message: 'Not found' });
    }
    if (/\.[a-z0-9]+$/i.test(path)) return reply.status(404).send({ message: 'Not found' });
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
