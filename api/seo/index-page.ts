// index.html as every navigation gets it: the template (index-template.ts) with the page's own
// head tags. A Hub's page (/hubs/{id}) carries that Hub's preview (hub-meta.ts), kept per Hub
// state and time span like the API's own bodies; any other page, the generic tags with its own
// address. Nothing here touches the database: Hubs come from the process's in-memory read path.
import { createHash } from 'node:crypto';
import type { Span } from '../hubs/hub-availability.js';
import type { CachedHub } from '../hubs/hub-cache.js';
import { DEFAULT_IMAGE_PATH, hubMeta } from './hub-meta.js';
import type { IndexTemplate } from './index-template.js';
import type { PageMeta } from './page-meta.js';
import { renderHead } from './page-meta.js';
import type { WebConfig } from './web-config.js';

export interface IndexPageDeps {
  template: IndexTemplate;
  /** The web app's public origin (APP_URL): every address in the tags is absolute on it. */
  appUrl: string;
  config: WebConfig;
  /** A Hub by its id as typed in the address (any case), from the in-memory read path. */
  hubOf: (id: string) => CachedHub | undefined;
  clock: () => Date;
  /** The page's own <link rel="modulepreload"> tags (route-preloads.ts); none when absent. */
  preloads?: (path: string) => string;
}

export interface RenderedPage {
  html: string;
  etag: string;
}

const HUB_PAGE = /^\/hubs\/([^/]+)\/?$/;
// The address a page names as its own is echoed from the request: kept short.
const MAX_PATH = 300;

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function createIndexPage(deps: IndexPageDeps) {
  const { template, appUrl, config, preloads = () => '' } = deps;
  const rendered = (meta: PageMeta, path: string): RenderedPage => {
    // The page's own hints go last in the head, after the entry script and its modulepreloads:
    // first in line they held back the entry itself (6 connections per host over HTTP/1.1).
    const hints = preloads(path);
    const headEnd = template.after.search(/<\/head>/i);
    const after = hints && headEnd >= 0 ? `${template.after.slice(0, headEnd)}  ${hints}\n  ${template.after.slice(headEnd)}` : template.after;
    const html = `${template.before}${renderHead(meta, config)}${after}`;
    return { html, etag: `"${createHash('sha1').update(html).digest('base64url')}"` };
  };
  const genericMeta = (path: string): PageMeta => ({
    ...template.defaults,
    url: `${appUrl}${path.length > MAX_PATH ? '/' : path}`,
    image: `${appUrl}${DEFAULT_IMAGE_PATH}`,
    imageAlt: 'Hub: lockers por hora',
  });
  const byHub = new WeakMap<CachedHub, { span: Span; page: RenderedPage }>();

  return {
    /** The page for a path (no query string). */
    render(path: string): RenderedPage {
      const id = HUB_PAGE.exec(path)?.[1];
      const hub = id ? deps.hubOf(decoded(id)?.toUpperCase() ?? '') : undefined;
      if (!hub) return rendered(genericMeta(path), path);
      const nowMs = deps.clock().getTime();
      const known = byHub.get(hub);
      if (known && known.span.fromMs <= nowMs && nowMs < known.span.untilMs) return known.page;
      const { meta, span } = hubMeta(hub, nowMs, appUrl);
      const page = rendered(meta, path);
      byHub.set(hub, { span, page });
      return page;
    },
  };
}
