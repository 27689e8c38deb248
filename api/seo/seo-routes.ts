// GET /robots.txt and GET /sitemap.xml, served beside the web app (not under /api, not in the
// API's contract). The sitemap's Hubs and dates are read once per change of the process's Hubs.
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { readPublicHubDates } from '../../projections/hubs/queries.js';
import type { HubCache } from '../hubs/hub-cache.js';
import { robotsTxt } from './robots.js';
import { sitemapXml } from './sitemap.js';

export interface SeoRoutesOptions {
  db: Pool;
  /** The process's Hubs: its version moves whenever one of them changes. */
  cache: HubCache;
  appUrl: string;
}

interface Text {
  body: string;
  etag: string;
}

const text = (body: string): Text => ({ body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` });

function send(request: FastifyRequest, reply: FastifyReply, type: string, answer: Text) {
  reply.header('etag', answer.etag);
  if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
  return reply.type(type).send(answer.body);
}

export const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (app, { db, cache, appUrl }) => {
  const robots = text(robotsTxt(appUrl));
  let sitemap: { version: number; answer: Promise<Text> } | null = null;

  app.get('/robots.txt', (request, reply) => send(request, reply, 'text/plain; charset=utf-8', robots));
  app.get('/sitemap.xml', async (request, reply) => {
    if (sitemap?.version !== cache.version) {
      const answer = readPublicHubDates(db).then((hubs) => text(sitemapXml(appUrl, hubs)));
      sitemap = { version: cache.version, answer };
      // A failed read is not kept: the next request tries again.
      answer.catch(() => {
        if (sitemap?.answer === answer) sitemap = null;
      });
    }
    return send(request, reply, 'application/xml; charset=utf-8', await sitemap.answer);
  });
};
