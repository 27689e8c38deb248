import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.js';
import { startTestApp } from '../support/test-app.js';

// Behind a load balancer every request arrives from the balancer: without TRUST_PROXY the
// per-address login ceiling would lump all renters together; with it, X-Forwarded-For decides.
describe('TRUST_PROXY and the per-address login ceiling', () => {
  let trusting: TestApp;
  let plain: TestApp;
  let n = 0;
  const failedLogin = (t: TestApp, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.2', // the balancer
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: `ninguem${++n}@exemplo.com.br`, password: 'errada' },
    });

  beforeAll(async () => {
    [trusting, plain] = await Promise.all([startTestApp({ trustProxy: '10.0.0.0/8' }), startTestApp()]);
  });
  afterAll(async () => Promise.all([trusting?.close(), plain?.close()]));

  it('counts each client behind a trusted proxy on its own', async () => {
    for (let i = 0; i < 20; i++) expect((await failedLogin(trusting, '198.51.100.7')).statusCode).toBe(401);
    expect((await failedLogin(trusting, '198.51.100.7')).statusCode).toBe(429);
    expect((await failedLogin(trusting, '198.51.100.8')).statusCode).toBe(401);
  });

  it('ignores X-Forwarded-For from a proxy it was not told to trust', async () => {
    for (let i = 0; i < 20; i++) expect((await failedLogin(plain, `198.51.100.${i + 10}`)).statusCode).toBe(401);
    expect((await failedLogin(plain, '198.51.100.99')).statusCode).toBe(429);
  });
});
