import { describe, expect, it } from 'vitest';
import { PaymentProviderError } from '../port.js';
import type { HttpsJsonClient } from './https-json.js';
import { createTokenSource, TOKEN_MARGIN_MS } from './oauth-token.js';

function fakeTokenEndpoint(answers: { status: number; body: unknown }[]) {
  const calls: { headers?: Record<string, string>; body?: string }[] = [];
  const http: HttpsJsonClient = {
    async send(options) {
      calls.push(options);
      await new Promise((resolve) => setImmediate(resolve));
      return answers.shift() ?? { status: 500, body: null };
    },
    close() {},
  };
  return { http, calls };
}

describe('OAuth2 client credentials', () => {
  it('asks once for concurrent callers, keeps the token until shortly before it expires, then renews', async () => {
    let now = Date.UTC(2030, 0, 10, 9);
    const { http, calls } = fakeTokenEndpoint([
      { status: 200, body: { access_token: 'a', expires_in: 3600 } },
      { status: 200, body: { access_token: 'b', expires_in: 3600 } },
    ]);
    const tokens = createTokenSource({ http, url: 'https://psp/oauth/token', clientId: 'id', clientSecret: 's3cr3t', clock: () => new Date(now) });
    expect(await Promise.all([tokens.token(), tokens.token(), tokens.token()])).toEqual(['a', 'a', 'a']);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toBe('grant_type=client_credentials');
    expect(calls[0]!.headers?.authorization).toBe(`Basic ${Buffer.from('id:s3cr3t').toString('base64')}`);
    now += 3600_000 - TOKEN_MARGIN_MS - 1;
    expect(await tokens.token()).toBe('a');
    now += 1;
    expect(await tokens.token()).toBe('b');
  });

  it('a refused token is forgotten; a refusal of the credentials never shows the secret', async () => {
    const { http } = fakeTokenEndpoint([
      { status: 200, body: { access_token: 'a', expires_in: 3600 } },
      { status: 401, body: { error: 'invalid_client', echoed: 's3cr3t' } },
    ]);
    const tokens = createTokenSource({ http, url: 'https://psp/oauth/token', clientId: 'id', clientSecret: 's3cr3t', clock: () => new Date() });
    expect(await tokens.token()).toBe('a');
    tokens.forget('a');
    const error = await tokens.token().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as Error).message).not.toContain('s3cr3t');
  });
});
