// Schema-driven fuzzing of every route the app registers (found by an onRoute hook, so new routes
// are covered without editing this file): malformed, oversized, wrongly typed and unicode-laden
// input, odd path segments, content types, tokens and Idempotency-Key headers. Whatever comes in,
// no answer may be a 5xx, and every error must be { error: { code, message } } in pt-BR.
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routesOf, type RouteEntry } from '../../api/http/route-catalog.js';
import { enableSchemaRecording, schemasOf } from '../../api/http/schema-registry.js';
import { errorShapeProblem } from '../support/error-shape.js';
import {
  BROKEN_JSON,
  CONTENT_TYPES,
  ODD_JSON_BODIES,
  ODD_KEYS,
  ODD_SEGMENTS,
  ODD_VALUES,
  bodyArbitrary,
  oddText,
  segmentArbitrary,
} from '../support/http-fuzz-cases.js';
import { registerHub, signUp, windowFromNow, type TestApp } from '../support/test-app.js';
import { startWebTestApp } from '../support/web-test-app.js';

enableSchemaRecording();

type Headers = Record<string, string | string[]>;
interface Probe {
  method: string;
  url: string;
  payload?: string;
  headers?: Headers;
}

const HUB = 'FZ-01';
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_TYPE = { 'content-type': 'application/json' };

let t: TestApp;
let dist: string;
let routes: RouteEntry[];
let auth: Record<'none' | 'user' | 'admin' | 'garbage' | 'huge' | 'basic', Headers>;
let realIds: string[];
const problems: string[] = [];
let sent = 0;

/** A tiny built web app: enough for the static routes and their precompressed twins. */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hub-fuzz-dist-'));
  mkdirSync(join(dir, 'assets'));
  const js = `console.log(${JSON.stringify('x'.repeat(2000))});`;
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="pt-BR"><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), js);
  writeFileSync(join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(js));
  writeFileSync(join(dir, 'assets', 'app-abc123.js.gz'), gzipSync(js));
  return dir;
}

// A different client address per request, so per-address rate limits let the fuzzer past them.
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function send(probe: Probe) {
  sent++;
  const res = await t.app.inject({
    method: probe.method as 'GET',
    url: probe.url,
    payload: probe.payload,
    headers: probe.headers,
    remoteAddress: addressOf(sent),
  });
  const problem = errorShapeProblem(res, probe.method);
  if (problem) problems.push(`${probe.method} ${probe.url.slice(0, 100)} [${String(probe.payload ?? '').slice(0, 80)}] → ${res.statusCode}: ${problem}`);
  return { res, problem };
}

const fill = (url: string, value: string) => url.replace(/:[A-Za-z_]+|\*/g, value);
const hasParams = (url: string) => /:[A-Za-z_]|\*/.test(url);
const urlsOf = (route: RouteEntry) => (hasParams(route.url) ? realIds.map((id) => fill(route.url, id)) : [route.url]);

/** Field names of the route's body schemas, as recorded by parse() during discovery. */
function bodyFields(route: RouteEntry): string[] {
  const fields = schemasOf(route.method, route.url)
    .filter(({ part }) => part === 'body')
    .flatMap(({ schema }) => (schema instanceof z.ZodObject ? Object.keys(schema.shape as object) : []));
  return [...new Set(fields)];
}

// Valid bodies for a few routes, so field mutations reach past validation into the handlers.
// Routes without one are still fuzzed from their schema fields.
function seedBody(route: RouteEntry): Record<string, unknown> {
  const seeds: Record<string, Record<string, unknown>> = {
    'POST /api/auth/register': { name: 'Fuzz', email: 'fuzz@example.com', phone: '11987654321', password: 'secret123' },
    'POST /api/auth/login': { email: 'fuzz@example.com', password: 'secret123' },
    'POST /api/auth/refresh': { refresh_token: 'not-a-token' },
    'PUT /api/auth/update-phone': { phone: '11987654321' },
    'POST /api/reservations/by-size': { hub_id: HUB, size: 'P', ...windowFromNow(2, 3) },
    'POST /api/reservations/:id/pay': { method: 'pix' },
  };
  return seeds[`${route.method} ${route.url}`] ?? {};
}

beforeAll(async () => {
  dist = fakeDist();
  t = await startWebTestApp({ webDist: dist });
  await registerHub(t.store, HUB, [{ size: 'P' }, { size: 'M' }, { size: 'G' }]);
  const user = await signUp(t, 'Fuzz');
  const admin = await signUp(t, 'Fuzz Admin', 'admin');
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/reservations/by-size',
    headers: user.headers,
    payload: { hub_id: HUB, size: 'P', ...windowFromNow(2) },
  });
  expect(booked.statusCode).toBe(201);
  realIds = [booked.json().id as string, user.id, HUB];
  auth = {
    none: {},
    user: user.headers,
    admin: admin.headers,
    garbage: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
    huge: { authorization: `Bearer ${'a'.repeat(8000)}` },
    basic: { authorization: 'Basic YWRtaW46YWRtaW4=' },
  };
  const seen = new Set<string>();
  routes = routesOf(t.app).filter((route) => !seen.has(`${route.method} ${route.url}`) && seen.add(`${route.method} ${route.url}`));
  // Discovery: a plausible request to every route records the schemas its handler parses with.
  for (const route of routes) {
    for (const url of urlsOf(route)) {
      for (const who of [auth.user, auth.admin]) {
        const body = WITH_BODY.has(route.method) ? { payload: JSON.stringify(seedBody(route)), headers: { ...who, ...JSON_TYPE } } : { headers: who };
        await send({ method: route.method, url, ...body });
      }
    }
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('every registered route under hostile input', () => {
  it('finds the routes and the schemas they parse with', () => {
    const keys = routes.map((route) => `${route.method} ${route.url}`);
    expect(keys).toEqual(expect.arrayContaining(['POST /api/auth/login', 'GET /api/hubs/:id', 'POST /api/reservations/by-size', 'GET /assets/app-abc123.js']));
    expect(bodyFields(routes.find((route) => route.url === '/api/reservations/by-size')!)).toEqual(expect.arrayContaining(['hub_id', 'size', 'start_time']));
    expect(bodyFields(routes.find((route) => route.url === '/api/auth/register')!)).toEqual(expect.arrayContaining(['email', 'password']));
    expect(problems).toEqual([]); // the discovery requests themselves
  });

  it('answers malformed bodies, content types and fields with pt-BR 4xx errors', async () => {
    problems.length = 0;
    for (const route of routes.filter((r) => WITH_BODY.has(r.method))) {
      const url = urlsOf(route)[0]!;
      const post = (payload: string | undefined, headers: Headers = JSON_TYPE) =>
        send({ method: route.method, url, payload, headers: { ...auth.user, ...headers } });
      for (const body of [...ODD_JSON_BODIES, ...BROKEN_JSON]) await post(body);
      for (const type of CONTENT_TYPES) await post('{"a":1}', { 'content-type': type });
      await post('');
      await post(`"${'x'.repeat(1_048_600)}"`);
      await post('{"a":1}', { ...JSON_TYPE, 'content-length': '3' });
      const seed = seedBody(route);
      for (const field of bodyFields(route)) {
        for (const value of ODD_VALUES) await post(JSON.stringify({ ...seed, [field]: value }));
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('answers odd path segments, query strings, tokens and Idempotency-Keys without a 5xx', async () => {
    problems.length = 0;
    for (const route of routes) {
      const payload = WITH_BODY.has(route.method) ? JSON.stringify(seedBody(route)) : undefined;
      const base = { method: route.method, payload };
      const url = urlsOf(route)[0]!;
      if (hasParams(route.url)) {
        for (const segment of ODD_SEGMENTS) await send({ ...base, url: fill(route.url, segment), headers: { ...auth.user, ...JSON_TYPE } });
      }
      for (const query of ['a=%00', '__proto__[admin]=1', `q=${'x'.repeat(5000)}`, 'a=%E0%A4%A']) {
        await send({ ...base, url: `${url}?${query}`, headers: { ...auth.user, ...JSON_TYPE } });
      }
      for (const who of Object.values(auth)) await send({ ...base, url, headers: { ...who, ...JSON_TYPE } });
      if (WITH_BODY.has(route.method)) {
        for (const key of ODD_KEYS) await send({ ...base, url, headers: { ...auth.user, ...JSON_TYPE, 'idempotency-key': key } });
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('holds for random combinations (fast-check, fixed seed)', async () => {
    problems.length = 0;
    const keys = Object.keys(auth) as Array<keyof typeof auth>;
    const probe = fc.constantFrom(...routes).chain((route) =>
      fc.record({
        route: fc.constant(route),
        segment: fc.option(segmentArbitrary, { nil: undefined }),
        // Mostly JSON shaped by the route's schema; sometimes raw text or broken JSON.
        payload: fc.oneof(
          { weight: 4, arbitrary: bodyArbitrary(bodyFields(route)).map((body) => JSON.stringify(body ?? null)) },
          { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom(...BROKEN_JSON)) },
        ),
        who: fc.constantFrom(...keys),
        key: fc.option(
          fc.oneof(
            fc.constantFrom(...ODD_KEYS),
            oddText.map((text) => Buffer.from(text, 'utf8').toString('latin1')),
          ),
          { nil: undefined },
        ),
        type: fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined, freq: 3 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(probe, fc.context(), async (p, ctx) => {
        const url = p.segment !== undefined && hasParams(p.route.url) ? fill(p.route.url, p.segment) : urlsOf(p.route)[0]!;
        const headers: Headers = { ...auth[p.who], 'content-type': p.type ?? 'application/json', ...(p.key !== undefined ? { 'idempotency-key': p.key } : {}) };
        const { res, problem } = await send({ method: p.route.method, url, payload: WITH_BODY.has(p.route.method) ? p.payload : undefined, headers });
        ctx.log(`${p.route.method} ${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        return problem === null;
      }),
      { seed: 20_261_123, numRuns: 400, endOnFailure: true },
    );
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(1_000);
  }, 120_000);
});
