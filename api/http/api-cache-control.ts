import type { FastifyInstance } from 'fastify';

/**
 * API answers hold personal data and tokens: nothing under /api is stored by browsers or shared
 * caches unless its route chose a Cache-Control of its own (the public Hub reads choose no-cache
 * with an ETag and Vary: Authorization, so browsers revalidate them: api/hubs/cached-body.ts).
 */
export function noStoreForApi(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
