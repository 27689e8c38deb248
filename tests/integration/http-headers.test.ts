// The HTTP edge on the real built web app: security headers on pages, assets, API answers and
// errors; precompressed immutable assets; no source maps; CORS; and, in Chromium, a home page,
// Hub page and login page that load without a single Content-Security-Policy violation.
import { connect } from 'node:net';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../e2e/support/browser.js';
import { apiBook, apiLogin, nextHours, signInPage } from '../e2e/support/session.js';
import { errorShapeProblem } from '../support/error-shape.js';
import { registerHub, signUp, type TestApp } from '../support/test-app.js';
import { buildWebInto, startWebTestApp } from '../support/web-test-app.js';

const HUB = 'HD-01';
const ALLOWED = 'https://parceiro.example';

let t: TestApp;
let web: { dir: string; remove(): void };
let baseUrl: string;
let mainScript: string;

beforeAll(async () => {
  web = buildWebInto('hub-headers-web-');
  process.env.CORS_ORIGINS = `${ALLOWED}, https://outro.example`;
  try {
    t = await startWebTestApp({ webDist: web.dir, realtime: true });
  } finally {
    delete process.env.CORS_ORIGINS;
  }
  await registerHub(t.store, HUB, [{ size: 'P' }, { size: 'M' }], { imageUrl: 'https://images.example/hub.jpg' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  mainScript = /src="(\/assets\/[^"]+\.js)"/.exec((await t.app.inject({ url: '/' })).body)![1]!;
}, 120_000);

afterAll(async () => {
  await t?.close();
  web?.remove();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  for (const directive of [
    "default-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "script-src-attr 'none'",
  ]) {
    expect(csp).toContain(directive);
  }
  expect(csp).toMatch(/script-src 'self' https:\/\/maps\.googleapis\.com[^;]*https:\/\/\*\.gstatic\.com/);
  expect(csp).toMatch(/connect-src 'self' ws:\/\/\S+ wss:\/\/\S+/);
  expect(csp).toContain("img-src 'self' data: blob: https:");
  expect(csp).toContain('frame-src https://*.google.com');
  expect(csp).not.toContain('upgrade-insecure-requests'); // served over plain http here
  expect(csp).not.toContain("'unsafe-eval'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-powered-by']).toBeUndefined();
}

/** JSON answers get what applies to them (OWASP REST Security Cheat Sheet), not a page's policy. */
function expectApiSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(headers['x-powered-by']).toBeUndefined();
}

describe('security headers', () => {
  it('are on the HTML page, API answers (200, 4xx, 404) and framework errors', async () => {
    const answers = {
      page: await get('/'),
      spaRoute: await get(`/hubs/${HUB}`),
      api: await get('/api/hubs'),
      badBody: await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '"texto"', headers: { 'content-type': 'application/json' } }),
      unknown: await get('/api/nada-aqui'),
      badUrl: await get('/api/hubs/%E0%A4%A'),
    };
    for (const page of [answers.page, answers.spaRoute]) expectSecurityHeaders(page.headers);
    for (const answer of [answers.api, answers.badBody, answers.unknown, answers.badUrl]) expectApiSecurityHeaders(answer.headers);
    expect(answers.page.headers['content-type']).toMatch(/text\/html/);
    expect([answers.api.statusCode, answers.badBody.statusCode, answers.unknown.statusCode, answers.badUrl.statusCode]).toEqual([200, 400, 404, 400]);
    for (const error of [answers.badBody, answers.unknown, answers.badUrl]) expect(errorShapeProblem(error, 'GET')).toBeNull();
    expect(answers.badBody.json().error.message).toContain('esperava um objeto');
  });

  it('answers a request the HTTP parser rejects in pt-BR JSON too', async () => {
    const { port } = new URL(baseUrl);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('NOT A REQUEST\r\n\r\n'));
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString('utf8')));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toContain('X-Content-Type-Options: nosniff');
    const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
    expect(errorShapeProblem({ statusCode: 400, body, headers: {} }, 'GET')).toBeNull();
  });
});

describe('static assets', () => {
  it('sends hashed assets precompressed as requested, cached for a year', async () => {
    const identity = await get(mainScript, { 'accept-encoding': 'identity' });
    const br = await get(mainScript, { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await get(mainScript, { 'accept-encoding': 'gzip' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).equals(identity.rawPayload)).toBe(true);
    expect(gunzipSync(gz.rawPayload).equals(identity.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(identity.rawPayload.length / 2);
    for (const answer of [identity, br, gz]) {
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(String(answer.headers.vary)).toContain('Accept-Encoding');
    }
  });

  it('has index.html and the SPA fallback revalidated on every use', async () => {
    for (const url of ['/', '/index.html', `/hubs/${HUB}`, '/login', '/favicon.svg']) {
      const answer = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('publishes no source maps and answers 404 for missing files instead of the page', async () => {
    const files = readdirSync(join(web.dir, 'assets'));
    expect(files.some((file) => file.endsWith('.map'))).toBe(false);
    expect(files.some((file) => file.endsWith('.js.br'))).toBe(true);
    for (const url of [`${mainScript}.map`, '/assets/nao-existe-123.js', '/assets/nao-existe.css', '/nao-existe.png', '/assets/', `${mainScript}.br`]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['content-type'], url).toMatch(/application\/json/);
      expect(errorShapeProblem(answer, 'GET'), url).toBeNull();
    }
  });
});

describe('API caching', () => {
  it('marks token answers and every other /api answer no-store; the public Hub reads revalidate by ETag', async () => {
    const user = await signUp(t, 'Cache');
    const email = `cache-${Date.now()}@example.com`;
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Cache', email, phone: '11987654321', password: 'secret123' },
    });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'secret123' } });
    const refresh = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: login.json().data.session.refresh_token } });
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: user.headers });
    expect([register.statusCode, login.statusCode, refresh.statusCode, session.statusCode]).toEqual([201, 200, 200, 200]);
    for (const answer of [register, login, refresh, session, await get('/api/hubs/ZZ-99'), await get('/api/nada')]) {
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    // Admins see more (private Hubs, secret keys): a cache keys them apart by Authorization.
    for (const answer of [await get('/api/hubs'), await get('/api/hubs/gmv'), await get(`/api/hubs/${HUB}`)]) {
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers.etag).toMatch(/^W\/"/);
      expect(String(answer.headers.vary)).toContain('Authorization');
    }
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/api/reservations/by-size',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, idempotency-key' },
    });

  it('lets the same origin in without fuss', async () => {
    const answer = await get('/api/hubs', { origin: 'http://localhost:80' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('gives a foreign origin no Access-Control-Allow-Origin and refuses its preflight in pt-BR', async () => {
    const simple = await get('/api/hubs', { origin: 'https://evil.example' });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    const refused = await preflight('https://evil.example');
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.json().error).toEqual({ code: 'cors_forbidden', message: 'Origem não permitida' });
  });

  it('opens the API to the origins in CORS_ORIGINS, without credentials', async () => {
    const simple = await get('/api/hubs', { origin: ALLOWED });
    expect(simple.headers['access-control-allow-origin']).toBe(ALLOWED);
    const allowed = await preflight(ALLOWED);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(allowed.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(allowed.headers['access-control-allow-headers']).toLowerCase()).toContain('idempotency-key');
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
    expect((await get('/api/hubs', { origin: `${ALLOWED}.evil.example` })).headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the built app in Chromium', () => {
  /** CSP violations and CSP console errors seen while page loads path. */
  async function violationsOn(page: Page, path: string): Promise<string[]> {
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300); // late style and script injections
    return page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
  }

  it('loads the home, Hub, login, checkout and profile pages (Maps and Socket.IO included) with no CSP violation', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const consoleCsp: string[] = [];
      const sockets: string[] = [];
      const googleRequests: string[] = [];
      page.on('console', (message) => {
        if (/content security policy/i.test(message.text())) consoleCsp.push(message.text());
      });
      page.on('websocket', (socket) => sockets.push(socket.url()));
      page.on('request', (request) => {
        if (request.url().startsWith('https://maps.googleapis.com/')) googleRequests.push(request.url());
      });
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __csp: string[] }).__csp = seen;
        document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
        // A (fake) Maps key makes the home page load Google's script: the CSP must allow it.
        localStorage.setItem('googleMapsApiKey', 'AIzaChaveFalsaParaTesteDeCsp');
      });
      const found: Record<string, string[]> = {};
      // The map's code loads on demand: on a slow box the network can fall idle before it asks Google.
      const google = page.waitForRequest((request) => request.url().startsWith('https://maps.googleapis.com/'), { timeout: 20_000 });
      found['/'] = await violationsOn(page, '/');
      await google;
      for (const path of [`/hubs/${HUB}`, '/login']) found[path] = await violationsOn(page, path);
      expect(found).toEqual({ '/': [], [`/hubs/${HUB}`]: [], '/login': [] });
      // Signed in: the checkout and profile screens (dialogs, toasts, live updates) too.
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Ana', email: 'ana.csp@example.com', phone: '11987654321', password: 'secret123' },
      });
      const login = await apiLogin(baseUrl, 'ana.csp@example.com', 'secret123');
      const booked = await apiBook(baseUrl, login.token, { hub_id: HUB, size: 'M', ...nextHours(2) });
      await signInPage(page, baseUrl, login);
      for (const path of [`/checkout/${booked.id}`, '/profile']) expect(await violationsOn(page, path), path).toEqual([]);
      expect(consoleCsp).toEqual([]);
      expect(googleRequests.length).toBeGreaterThan(0);
      expect(sockets.some((url) => url.startsWith(`${baseUrl.replace('http', 'ws')}/socket.io/`))).toBe(true);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
