/// <reference lib="dom" />
// Code loaded on demand (web/scripts/size-budget.ts keeps the first load small): the Google Maps
// code is downloaded only when a Maps key asks for the map, and when Google cannot be reached the
// page falls back to its static panel, accessible and without a layout jump; the live socket
// client arrives after the first render and still delivers pushes.
import { describe, expect, it } from 'vitest';
import { VIEWPORTS } from './support/browser.js';
import { checkPage } from './support/layout.js';
import { useServerAndBrowser } from './support/suite.js';

const desktop = { viewport: VIEWPORTS.desktop, locale: 'pt-BR' } as const;

describe('chunks loaded on demand', () => {
  const suite = useServerAndBrowser();

  it('without a Maps key, / never downloads the Google Maps chunk', async () => {
    const context = await suite.browser.newContext(desktop);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)));

    await page.goto(`${suite.server.baseUrl}/`);
    await page.getByText('Hubs no mapa').waitFor();
    // The socket client is a chunk of its own, requested once the page has rendered.
    await expect.poll(() => scripts.some((path) => /\/assets\/socket-client-[\w-]+\.js$/.test(path)), { timeout: 10_000 }).toBe(true);
    expect(scripts.filter((path) => path.includes('google-map'))).toEqual([]);
    await context.close();
  });

  it("names a landing page's chunks and a visitor's first read in its HTML, and the browser fetches each once", async () => {
    const base = suite.server.baseUrl;
    const chunkOf = (html: string, name: string) => new RegExp(`<link rel="modulepreload" crossorigin href="(/assets/${name}-[\\w-]+\\.js)"`).exec(html)?.[1];
    const home = await (await fetch(`${base}/`)).text();
    const homeChunk = chunkOf(home, 'home-page');
    expect(homeChunk).toBeDefined();
    expect(home).toContain('<link rel="preload" as="fetch" crossorigin href="/api/hubs" />');
    const hubPage = await (await fetch(`${base}/hubs/BH-01`)).text();
    expect(chunkOf(hubPage, 'hub-detail-page')).toBeDefined();
    expect(hubPage).toContain('<link rel="preload" as="fetch" crossorigin href="/api/hubs/BH-01" />');
    expect(chunkOf(await (await fetch(`${base}/login`)).text(), 'login-page')).toBeDefined();

    const context = await suite.browser.newContext(desktop);
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => void requested.push(new URL(request.url()).pathname));
    await page.goto(`${base}/`);
    await page.getByRole('list', { name: 'Hubs' }).getByRole('button').first().waitFor();
    // The app's own GET /api/hubs is answered by the preload, not sent again.
    expect(requested.filter((path) => path === '/api/hubs')).toEqual(['/api/hubs']);
    expect(requested.filter((path) => path === homeChunk)).toEqual([homeChunk]);
    await page.goto(`${base}/hubs/BH-01`);
    await page.getByRole('heading', { name: 'Escolha o tamanho do locker' }).waitFor();
    expect(requested.filter((path) => path === '/api/hubs/BH-01')).toEqual(['/api/hubs/BH-01']);
    await context.close();
  });

  it('with a Maps key, loads the map chunk, then falls back to the static panel when Google is unreachable', async () => {
    const context = await suite.browser.newContext(desktop);
    await context.addInitScript(() => window.localStorage.setItem('googleMapsApiKey', 'test-key-offline'));
    // Google stays unreachable: the map must fall back, not hang on 'Carregando mapa...'.
    await context.route(/googleapis\.com|gstatic\.com/, (route) => route.abort());
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)));

    await page.goto(`${suite.server.baseUrl}/`);
    await page.getByRole('heading', { name: 'Mapa indisponível no momento' }).waitFor({ timeout: 20_000 });
    expect(scripts.some((path) => /\/assets\/google-map-[\w-]+\.js$/.test(path))).toBe(true);
    // The fallback still lists the Hubs, and the page passes axe and the layout checks.
    await page.getByRole('list', { name: 'Hubs' }).getByRole('button').first().waitFor();
    await checkPage(page, 'Home, Mapa, Google inacessível');
    await context.close();
  });
});
