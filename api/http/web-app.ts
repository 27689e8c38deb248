import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { errorBody } from './errors.js';

/**
 * Serves the built web app (web/dist). Unknown non-API paths get index.html so the client-side
 * router can render them (its own 404 included); /api keeps its JSON 404.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string | null): Promise<boolean> {
  const withWeb = distDir !== null && existsSync(distDir);
  if (withWeb) await app.register(fastifyStatic, { root: distDir, wildcard: false, index: ['index.html'] });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (withWeb && request.method === 'GET' && !path.startsWith('/api') && !path.startsWith('/socket.io')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(errorBody('not_found', `Rota não encontrada: ${request.method} ${path}`));
  });
  return withWeb;
}
