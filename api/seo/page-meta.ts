// The <head> tags a page is served with: title, description, canonical address, Open Graph and
// Twitter card (what a shared link previews), and the web app's runtime configuration as <meta>
// tags (no inline script, so the Content-Security-Policy stays strict). Every value is escaped.
import { escapeHtml } from '../../infra/mail/templates.js';
import type { WebConfig } from './web-config.js';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute address of the page (canonical and og:url). */
  url: string;
  /** Absolute address of the preview image. */
  image: string;
  imageAlt: string;
  /** Pages that exist but should not be listed by search engines (a private Hub). */
  noindex?: boolean;
}

/** Where the web app finds its runtime configuration (web/src/lib/runtime-config.ts reads these names). */
export const CONFIG_META = { googleMapsApiKey: 'hub:google-maps-api-key', googleMapsMapId: 'hub:google-maps-map-id' } as const;

const tag = (attribute: 'name' | 'property', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;

export function renderHead(meta: PageMeta, config: WebConfig): string {
  const lines = [
    `<title>${escapeHtml(meta.title)}</title>`,
    tag('name', 'description', meta.description),
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    ...(meta.noindex ? [tag('name', 'robots', 'noindex')] : []),
    tag('property', 'og:type', 'website'),
    tag('property', 'og:site_name', 'Hub'),
    tag('property', 'og:locale', 'pt_BR'),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', meta.url),
    tag('property', 'og:image', meta.image),
    tag('property', 'og:image:alt', meta.imageAlt),
    tag('name', 'twitter:card', 'summary_large_image'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    tag('name', 'twitter:image', meta.image),
  ];
  if (config.googleMapsApiKey) lines.push(tag('name', CONFIG_META.googleMapsApiKey, config.googleMapsApiKey));
  if (config.googleMapsMapId) lines.push(tag('name', CONFIG_META.googleMapsMapId, config.googleMapsMapId));
  return lines.join('\n    ');
}
