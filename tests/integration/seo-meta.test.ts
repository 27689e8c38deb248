// Found and shared (issue 30 item 6): a Hub's page is served with its own title, description,
// Open Graph and Twitter card tags (name, address, sizes free now, photo) on APP_URL; other pages
// with the generic ones; /sitemap.xml lists the public Hubs and /robots.txt is real. The Google
// Maps key is runtime configuration: GOOGLE_MAPS_API_KEY set → the page carries it and the web
// app loads Maps with it (aborted here: nothing leaves the machine); unset → the no-key panel.
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app.js';
import { createTokenService } from '../../api/auth/tokens.js';
import { createMemoryMailer } from '../../infra/mail/memory.js';
import { projectorNames } from '../../projections/all.js';
import { waitForProjections } from '../../projections/projection-waits.js';
import { launchBrowser } from '../e2e/support/browser.js';
import { registerHub, signUp, waitUntil, windowStartingNow, type TestApp } from '../support/test-app.js';
import { buildWebInto, startWebTestApp } from '../support/web-test-app.js';

const APP_URL = 'https://hub.example';
const MAPS_KEY = 'AIzaTEST-runtime-key_123';

let t: TestApp;
let web: { dir: string; remove(): void };
let keyed: FastifyInstance;
let browser: Browser;
const saved = process.env.GOOGLE_MAPS_API_KEY;

beforeAll(async () => {
  web = buildWebInto('hub-seo-web-');
  delete process.env.GOOGLE_MAPS_API_KEY;
  t = await startWebTestApp({ webDist: web.dir, appUrl: APP_URL });
  await registerHub(t.store, 'SE-01', [{ size: 'P' }, { size: 'P' }, { size: 'M' }, { size: 'G', type: 'Drop-Off' }], {
    name: 'Hub Centro "Sé" <b>',
    address: 'Praça da Sé, 100',
    city: 'São Paulo',
    state: 'SP',
    imageUrl: 'https://images.example/centro.jpg',
  });
  await registerHub(t.store, 'SE-02', [{ size: 'X' }], { name: 'Hub Upload', imageUrl: '/files/hubs/foto.jpg' });
  await registerHub(t.store, 'SP-09', [{ size: 'P' }], { name: 'Hub Fechado', private: true });
  await t.app.ready();
  await waitUntil(async () => (await get('/hubs/SP-09')).body.includes('Hub Fechado'));
  // The same app built again with the key in the environment, as a restart would (no rebuild).
  process.env.GOOGLE_MAPS_API_KEY = MAPS_KEY;
  try {
    keyed = await buildApp({
      db: t.db,
      store: t.store,
      queue: t.queue,
      tokens: createTokenService(randomBytes(32)),
      codeSecret: randomBytes(32).toString('hex'),
      clock: () => new Date(),
      maxReservationHours: 48,
      awaitProjections: (position) => waitForProjections(t.db, projectorNames, position, 5000),
      webDist: web.dir,
      mailer: createMemoryMailer(),
      appUrl: APP_URL,
    });
  } finally {
    if (saved === undefined) delete process.env.GOOGLE_MAPS_API_KEY;
    else process.env.GOOGLE_MAPS_API_KEY = saved;
  }
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await keyed?.close();
  await t?.close();
  web?.remove();
});

const get = (url: string, app: FastifyInstance = t.app) => app.inject({ method: 'GET', url });

/** The content of <meta name|property="key">, decoded as a browser would; null when absent. */
function metaOf(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:name|property)="${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return match ? decode(match[1]!) : null;
}
const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
const count = (html: string, needle: string) => html.split(needle).length - 1;

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

describe("a Hub's page", () => {
  it('carries its Open Graph and Twitter card tags: name, address, sizes free now, photo, absolute URL', async () => {
    const res = await get('/hubs/SE-01');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(titleOf(html)).toBe('Hub Centro "Sé" <b> · Hub');
    expect(count(html, '<title>')).toBe(1);
    expect(metaOf(html, 'og:title')).toBe('Hub Centro "Sé" <b> · Hub');
    const description = 'Praça da Sé, 100, São Paulo - SP. Lockers livres agora: P: 2 livres · M: 1 livre. Reserve por hora.';
    expect(metaOf(html, 'description')).toBe(description);
    expect(metaOf(html, 'og:description')).toBe(description);
    expect(metaOf(html, 'twitter:description')).toBe(description);
    expect(metaOf(html, 'og:url')).toBe(`${APP_URL}/hubs/SE-01`);
    expect(html).toContain(`<link rel="canonical" href="${APP_URL}/hubs/SE-01" />`);
    expect(metaOf(html, 'og:image')).toBe('https://images.example/centro.jpg');
    expect(metaOf(html, 'twitter:image')).toBe('https://images.example/centro.jpg');
    expect(metaOf(html, 'og:type')).toBe('website');
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(html, 'robots')).toBeNull();
    // Escaped: the name's markup never reaches the page as markup.
    expect(html).not.toContain('<b>');
    expect(html).toContain('Hub Centro &quot;Sé&quot; &lt;b&gt; · Hub');
    // Still the web app: its script and root.
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/);
    expect(html).toContain('<div id="root"></div>');
  });

  it('follows the sizes free as lockers are booked, and answers a revalidation with 304', async () => {
    const renter = await signUp(t, 'Meta Renter');
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: 'SE-01', size: 'M', ...windowStartingNow(2) },
    });
    expect(booked.statusCode).toBe(201);
    await waitUntil(async () => metaOf((await get('/hubs/SE-01')).body, 'description')!.includes('M: 0 livres'));
    const res = await get('/hubs/se-01');
    expect(metaOf(res.body, 'description')).toContain('P: 2 livres · M: 0 livres');
    expect(metaOf(res.body, 'og:url')).toBe(`${APP_URL}/hubs/SE-01`);
    const again = await t.app.inject({ method: 'GET', url: '/hubs/SE-01', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('no-cache');
  });

  it("makes an uploaded photo's address absolute on APP_URL", async () => {
    const html = (await get('/hubs/SE-02')).body;
    expect(metaOf(html, 'og:image')).toBe(`${APP_URL}/files/hubs/foto.jpg`);
    expect(metaOf(html, 'description')).toContain('X: 1 livre');
  });

  it('keeps a private Hub out of search engines and says nothing of its lockers', async () => {
    const html = (await get('/hubs/SP-09')).body;
    expect(titleOf(html)).toBe('Hub Fechado · Hub');
    expect(metaOf(html, 'robots')).toBe('noindex');
    expect(metaOf(html, 'description')).toContain('Hub privado');
    expect(metaOf(html, 'description')).not.toContain('livre');
  });

  it('an unknown Hub gets the generic tags (the web app shows its not-found)', async () => {
    const res = await get('/hubs/ZZ-99');
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe('Hub — lockers por hora');
    expect(metaOf(res.body, 'og:image')).toBe(`${APP_URL}/og-default.png`);
    expect(metaOf(res.body, 'og:url')).toBe(`${APP_URL}/hubs/ZZ-99`);
  });
});

describe('every other page', () => {
  it('has the generic title, description and preview, with its own address', async () => {
    for (const path of ['/', '/index.html', '/login', '/dashboard/hubs']) {
      const html = (await get(path)).body;
      expect(titleOf(html), path).toBe('Hub — lockers por hora');
      expect(metaOf(html, 'description'), path).toMatch(/^Encontre um Hub perto de você/);
      expect(metaOf(html, 'og:image'), path).toBe(`${APP_URL}/og-default.png`);
      expect(metaOf(html, 'og:url'), path).toBe(`${APP_URL}${path === '/index.html' ? '/' : path}`);
    }
    const image = await get('/og-default.png');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('echoes no markup from the address into the page', async () => {
    const html = (await get('/x%22%3E%3Cscript%3Ealert(1)%3C/script%3E')).body;
    expect(html).not.toMatch(/<script>alert/);
    expect(metaOf(html, 'og:url')).toBe(`${APP_URL}/x%22%3E%3Cscript%3Ealert(1)%3C/script%3E`);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists the public Hubs with absolute addresses and dates, not the private one', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(expect.arrayContaining([`${APP_URL}/`, `${APP_URL}/login`, `${APP_URL}/hubs/SE-01`, `${APP_URL}/hubs/SE-02`]));
    expect(locs).not.toContain(`${APP_URL}/hubs/SP-09`);
    expect(res.body).toMatch(new RegExp(`<loc>${APP_URL}/hubs/SE-01</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z</lastmod>`));
  });

  it('robots.txt allows the public pages, keeps crawlers off the private ones and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/api/', '/dashboard', '/profile', '/checkout/', '/access/']) expect(lines).toContain(`Disallow: ${path}`);
    for (const path of ['/', '/login', '/hubs/']) expect(lines.filter((l) => l.startsWith('Disallow:') && path.startsWith(l.slice(10)))).toEqual([]);
    expect(lines).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
  });
});

describe('the Google Maps key at run time', () => {
  it('is absent without GOOGLE_MAPS_API_KEY, and the map tab shows the no-key panel', async () => {
    expect((await get('/')).body).not.toContain('hub:google-maps-api-key');
    const baseUrl = await listen(t.app);
    const page = await browser.newPage();
    const mapsRequests: string[] = [];
    await page.route(/^https:\/\/([a-z0-9-]+\.)*(googleapis|gstatic|google)\.com\//, (route) => {
      mapsRequests.push(route.request().url());
      return route.abort();
    });
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Escolha um Hub abaixo' }).waitFor();
    await page.getByRole('button', { name: 'Adicionar API Key' }).click();
    await page.getByLabel('API Key do Google Maps').waitFor();
    expect(mapsRequests).toEqual([]);
    await page.close();
  });

  it('with GOOGLE_MAPS_API_KEY the page carries it and the web app loads Google Maps with it', async () => {
    const html = (await get('/', keyed)).body;
    expect(metaOf(html, 'hub:google-maps-api-key')).toBe(MAPS_KEY);
    expect(metaOf((await get('/hubs/SE-01', keyed)).body, 'hub:google-maps-api-key')).toBe(MAPS_KEY);
    const baseUrl = await listen(keyed);
    const page = await browser.newPage();
    const mapsRequests: string[] = [];
    await page.route(/^https:\/\/([a-z0-9-]+\.)*(googleapis|gstatic|google)\.com\//, (route) => {
      mapsRequests.push(route.request().url());
      return route.abort();
    });
    await page.goto(`${baseUrl}/`);
    // No Google here: the load fails and the page says so, with no key form (the key is the server's).
    await page.getByRole('heading', { name: 'Mapa indisponível no momento' }).waitFor({ timeout: 15_000 });
    expect(mapsRequests.some((url) => new URL(url).searchParams.get('key') === MAPS_KEY)).toBe(true);
    expect(await page.getByRole('button', { name: 'Adicionar API Key' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Alterar API Key' }).count()).toBe(0);
    await page.close();
  });
});
