import { messages } from '@carte/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { Storage } from '../../adapters/storage/storage.ts';
import { fail } from '../../http/envelope.ts';

/**
 * Uploaded files at /media/{key}. Keys are random and files never change, so they are cached for a
 * year and a CDN can hold them (DESIGN.md, growing past one machine).
 */
export const mediaRoutes: FastifyPluginAsync<{ storage: Storage }> = async (app, { storage }) => {
  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    let file: Awaited<ReturnType<Storage['get']>> = null;
    try {
      file = await storage.get(key);
    } catch {
      file = null;
    }
    if (!file) return reply.code(404).send(fail(404, messages.notFound));
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-length', file.size)
      .type(file.contentType)
      .send(file.body);
  });
};
