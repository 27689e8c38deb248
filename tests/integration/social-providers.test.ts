// Issue 24 item 20: the sign-in screens offered Google, Facebook and Apple in the default setup,
// and each failed on click. GET /api/auth/social/providers names the providers this server has
// credentials for (the SOCIAL_* variables, read as the app reads them), so the web app offers only
// those: none by default, and a provider with half its credentials is not one.
import { randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialRoutes } from '../../api/auth/social/social-routes.js';
import { createTokenService } from '../../api/auth/tokens.js';
import { installErrorHandler } from '../../api/http/errors.js';
import { createPool } from '../../infra/db/pool.js';
import { socialSettingsFromEnv } from '../../infra/oidc/settings.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

let database: TestDatabase;
let pool: pg.Pool;
const apps: FastifyInstance[] = [];

/** The social routes as buildApp registers them, on settings read from this environment. */
async function appWith(env: NodeJS.ProcessEnv): Promise<FastifyInstance> {
  // Sign-in returns only to APP_URL's origin (ADR 0012), here the tests' http://localhost.
  env = { APP_URL: 'http://localhost', ...env };
  const app = Fastify();
  installErrorHandler(app);
  await app.register(rateLimit, { global: false });
  await app.register(socialRoutes, { db: pool, tokens: createTokenService(randomBytes(32)), settings: socialSettingsFromEnv(env) });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url, { max: 2 });
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await pool?.end();
  await database?.drop();
});

const providersOf = async (app: FastifyInstance) => {
  const res = await app.inject({ method: 'GET', url: '/api/auth/social/providers' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<unknown>();
};

describe('issue 24 item 20: GET /api/auth/social/providers names only the configured providers', () => {
  it('none in the default setup (no SOCIAL_* variables), and a click on one would have been refused', async () => {
    const app = await appWith({});
    expect(await providersOf(app)).toEqual({ providers: [] });
    const click = await app.inject({
      method: 'GET',
      url: '/api/auth/social/google?redirectUrl=http://localhost/auth/callback',
      headers: { host: 'localhost' },
    });
    expect(click.statusCode).toBe(404);
    expect(click.json().error.code).toBe('social_provider_not_configured');
  });

  it('each provider with its full credentials, in a fixed order; half a configuration is not offered', async () => {
    const app = await appWith({
      SOCIAL_APPLE_CLIENT_ID: 'dev.hub.web',
      SOCIAL_APPLE_TEAM_ID: 'TEAM123456',
      SOCIAL_APPLE_KEY_ID: 'KEY1234567',
      SOCIAL_APPLE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----',
      SOCIAL_GOOGLE_CLIENT_ID: 'google-client',
      SOCIAL_GOOGLE_CLIENT_SECRET: 'google-secret',
      // An id without its secret: the start call would answer 404, so no button.
      SOCIAL_FACEBOOK_CLIENT_ID: 'facebook-client',
    });
    expect(await providersOf(app)).toEqual({ providers: ['google', 'apple'] });
    const facebook = await app.inject({
      method: 'GET',
      url: '/api/auth/social/facebook?redirectUrl=http://localhost/auth/callback',
      headers: { host: 'localhost' },
    });
    expect(facebook.json().error.code).toBe('social_provider_not_configured');
  });
});
