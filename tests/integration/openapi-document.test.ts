// The OpenAPI document is the contract as an integrator reads it: it must be valid OpenAPI 3.1,
// name exactly the routes the server registers (a route added without a contract, or a contract
// endpoint nobody serves, fails here), and every route must declare its answers.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '../../contract/endpoints.js';
import { DOCS_PREFIX } from '../../api/contract/reference-routes.js';
import { routesOf } from '../../api/http/route-catalog.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let document: { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown>; operationId: string }>> };

beforeAll(async () => {
  t = await startTestApp({ projections: false });
  const res = await t.app.inject({ url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  document = res.json();
});
afterAll(() => t?.close());

/**
 * `/api/hubs/:id` → `/api/hubs/{id}`. Not API routes: HEAD twins, CORS preflights, the
 * reference's own pages and the web app's files.
 */
function servedRoutes(): string[] {
  return routesOf(t.app)
    .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.startsWith(DOCS_PREFIX) && r.url !== '/*')
    .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
}

describe('GET /api/openapi.json', () => {
  it('validates as OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every route the server registers, and nothing it does not', () => {
    const documented = Object.entries(document.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const internal = Object.values(allEndpoints)
      .filter((e) => e.internal)
      .map((e) => `${e.method} ${e.path}`);
    expect(
      servedRoutes()
        .filter((r) => !documented.includes(r) && !internal.includes(r))
        .sort(),
    ).toEqual([]);
    expect(documented.filter((r) => !servedRoutes().includes(r)).sort()).toEqual([]);
  });

  it('declares a success answer and the error shape for every operation', () => {
    for (const [path, ops] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const statuses = Object.keys(op.responses);
        expect(
          statuses.some((s) => s.startsWith('2') || s.startsWith('3')),
          `${method} ${path}`,
        ).toBe(true);
        expect(statuses, `${method} ${path}`).toContain('500');
      }
    }
  });

  it('declares the bearer scheme and the door controller signature', () => {
    const schemes = (document as unknown as { components: { securitySchemes: Record<string, { type: string }> } }).components.securitySchemes;
    expect(schemes.bearerAuth?.type).toBe('http');
    expect(schemes.hubSignature?.type).toBe('apiKey');
  });

  it('is documented in /api/openapi.json: every route, the partner token, the required Idempotency-Key and examples', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const create = doc.paths['/api/partner/v1/reservations'].post;
    expect(create.security).toEqual([{ partnerToken: [] }]);
    expect(create.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true })]));
    expect(JSON.stringify(create.requestBody)).toContain('Beatriz Lima');
    for (const path of [
      '/api/partner/v1/hubs',
      '/api/partner/v1/reservations',
      '/api/partner/v1/reservations/{id}',
      '/api/partner/v1/reservations/{id}/cancel',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(JSON.stringify(doc.paths['/api/partner/v1/reservations/{id}/cancel'].post.responses)).toContain('api_access_disabled');
  });
});

describe('the contract check', () => {
  it('is on for the integration tests, so every answer they see is checked against its route', () => {
    expect(process.env.HUB_CONTRACT_CHECK).toBe('1');
  });
});
