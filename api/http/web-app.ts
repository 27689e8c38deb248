import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IndexPageDeps } from '../seo/index-page.js';
import { createIndexPage } from '../seo/index-page.js';
import { parseIndexTemplate } from '../seo/index-template.js';
import { routePreloads, type ViteManifest } from '../seo/route-preloads.js';
import { errorBody } from './errors.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Revalidated on every use (ETag), so a new deploy is picked up at once.
const REVALIDATE = 'no-cache';

// Source maps would publish the whole web/src; the build writes none, and stale ones stay hidden.
const isSourceMap = (path: string) => path.endsWith('.map');

/** A path the client-side router renders: not the API, not a file (no extension), not an asset. */
export function isNavigation(path: string): boolean {
  if (path.startsWith('/api') || path.startsWith('/socket.io') || path.startsWith('/assets/')) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !/\.[a-z0-9]{1,8}$/i.test(last);
}

/**
 * Serves the built web app (web/dist): precompressed .br/.gz files beside each asset are chosen
 * by Accept-Encoding; hashed /assets/* are cached for a year, everything else revalidates.
 * Navigation paths get index.html so the client-side router can render them (its own 404
 * included), with the page's own head tags and the runtime configuration (api/seo/index-page.ts);
 * a missing file, a source map and anything under /api get a JSON 404.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string | null, pages: Omit<IndexPageDeps, 'template'>): Promise<boolean> {
  const withWeb = distDir !== null && existsSync(join(distDir, 'index.html'));
  let sendIndex: ((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | null = null;
  if (withWeb) {
    // Read once: a new build comes with a new deploy (a restart).
    const manifestPath = join(distDir, '.vite', 'manifest.json');
    const manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as ViteManifest) : {};
    const indexPage = createIndexPage({
      ...pages,
      template: parseIndexTemplate(readFileSync(join(distDir, 'index.html'), 'utf8')),
      preloads: routePreloads(manifest, { mapsKey: pages.config.googleMapsApiKey !== null }),
    });
    sendIndex = (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const page = indexPage.render(path === '/index.html' ? '/' : path);
      reply.header('etag', page.etag);
      if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
      return reply.type('text/html; charset=utf-8').send(page.html);
    };
    // Before the static plugin is registered, so its routes inherit the hook.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.url.startsWith('/api') || (reply.statusCode !== 200 && reply.statusCode !== 304)) return done(null, payload);
      const hashed = request.url.startsWith('/assets/');
      reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
      // The same URL answers brotli, gzip or identity depending on Accept-Encoding.
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
      done(null, payload);
    });
    app.get('/', sendIndex);
    app.get('/index.html', sendIndex);
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      // index.html is always rendered (above), never sent as the file.
      index: false,
      preCompressed: true,
      // Compressed twins are found through their originals, never served as files of their own.
      globIgnore: ['**/*.map', '**/*.br', '**/*.gz', 'index.html'],
      allowedPath: (path) => !isSourceMap(path),
      cacheControl: false,
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (sendIndex && (request.method === 'GET' || request.method === 'HEAD') && isNavigation(path)) {
      return sendIndex(request, reply);
    }
    // The path is echoed to help whoever typed it, cut short so a huge URL is not reflected back.
    const shown = path.length > 200 ? `${path.slice(0, 200)}…` : path;
    return reply.status(404).send(errorBody('not_found', `Rota não encontrada: ${request.method} ${shown}`));
  });
  return withWeb;
}
