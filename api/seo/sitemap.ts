// sitemap.xml (sitemaps.org 0.9): the home page, the public static pages and every public Hub's
// page, with absolute addresses on APP_URL and, for Hubs, when their details last changed.
import { escapeHtml } from '../../infra/mail/templates.js';
import { hubPageUrl } from './hub-meta.js';

export const STATIC_PAGES = ['/', '/login', '/register', '/terms', '/privacy', '/contact'];

export interface SitemapHub {
  id: string;
  updated_at: Date;
}

const entry = (loc: string, lastmod?: Date) => `  <url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;

export function sitemapXml(appUrl: string, hubs: readonly SitemapHub[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...STATIC_PAGES.map((path) => entry(`${appUrl}${path === '/' ? '/' : path}`)),
    ...hubs.map((hub) => entry(hubPageUrl(appUrl, hub.id), hub.updated_at)),
    '</urlset>',
    '',
  ].join('\n');
}
