import { describe, expect, it } from 'vitest';
import { imageUrl, sizesFree } from './hub-meta.js';
import { parseIndexTemplate } from './index-template.js';
import { renderHead } from './page-meta.js';
import { robotsTxt } from './robots.js';
import { sitemapXml } from './sitemap.js';

const entry = (total: number, available: number) => ({ total, available });

describe('the head tags and texts of the served pages', () => {
  it('says the lockers free per size, in size order, leaving out sizes the Hub does not rent', () => {
    expect(sizesFree({ G: entry(2, 0), P: entry(4, 3), M: entry(1, 1), X: entry(0, 0) })).toBe('P: 3 livres · M: 1 livre · G: 0 livres');
    expect(sizesFree({ P: entry(0, 0) })).toBe('');
  });

  it('makes photo addresses absolute and refuses what is not http(s)', () => {
    expect(imageUrl('/files/a.jpg', 'https://hub.example')).toBe('https://hub.example/files/a.jpg');
    expect(imageUrl('https://cdn.example/b.png', 'https://hub.example')).toBe('https://cdn.example/b.png');
    expect(imageUrl('javascript:alert(1)', 'https://hub.example')).toBe('https://hub.example/og-default.png');
    expect(imageUrl(null, 'https://hub.example')).toBe('https://hub.example/og-default.png');
  });

  it('reads the defaults from the marked block and puts the page tags where it was', () => {
    const html =
      '<html><head><meta charset="UTF-8" /><!-- hub:meta --><title>A &amp; B</title><meta name="description" content="Desc &quot;x&quot;" /><!-- /hub:meta --><script src="/a.js"></script></head><body></body></html>';
    const template = parseIndexTemplate(html);
    expect(template.defaults).toEqual({ title: 'A & B', description: 'Desc "x"' });
    expect(template.before).toBe('<html><head><meta charset="UTF-8" />');
    expect(template.after).toBe('<script src="/a.js"></script></head><body></body></html>');
  });

  it('without markers, replaces the page title and adds the tags before </head>', () => {
    const template = parseIndexTemplate('<html><head><title>Velho</title></head><body></body></html>');
    expect(template.defaults.title).toBe('Velho');
    expect(template.before + template.after).toBe('<html><head></head><body></body></html>');
    expect(template.after.startsWith('</head>')).toBe(true);
  });

  it('escapes every value and adds the Maps key only when there is one', () => {
    const meta = { title: '<T>', description: '"D"', url: 'https://h.example/x?a=1&b=2', image: 'https://h.example/i.png', imageAlt: 'alt' };
    const without = renderHead(meta, { googleMapsApiKey: null, googleMapsMapId: null });
    expect(without).toContain('<title>&lt;T&gt;</title>');
    expect(without).toContain('<meta name="description" content="&quot;D&quot;" />');
    expect(without).toContain('href="https://h.example/x?a=1&amp;b=2"');
    expect(without).not.toContain('hub:google-maps');
    const withKey = renderHead(meta, { googleMapsApiKey: 'AIza"k', googleMapsMapId: 'map1' });
    expect(withKey).toContain('<meta name="hub:google-maps-api-key" content="AIza&quot;k" />');
    expect(withKey).toContain('<meta name="hub:google-maps-map-id" content="map1" />');
  });

  it('writes robots.txt and the sitemap on the public origin', () => {
    expect(robotsTxt('https://h.example')).toMatch(/^User-agent: \*\nAllow: \/\n(Disallow: \S+\n)+\nSitemap: https:\/\/h\.example\/sitemap\.xml\n$/);
    const xml = sitemapXml('https://h.example', [{ id: 'AB-01', updated_at: new Date('2026-01-02T03:04:05Z') }]);
    expect(xml).toContain('<url><loc>https://h.example/</loc></url>');
    expect(xml).toContain('<url><loc>https://h.example/hubs/AB-01</loc><lastmod>2026-01-02T03:04:05.000Z</lastmod></url>');
  });
});
