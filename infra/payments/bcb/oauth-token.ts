// OAuth2 client credentials at the PSP's token endpoint (RFC 6749 §4.4; the API Pix requires it,
// over the same mTLS). One token is shared by every call of the process until shortly before it
// expires; concurrent calls that find none wait for the same request instead of each asking.
import { PaymentProviderError } from '../port.js';
import type { HttpsJsonClient } from './https-json.js';

export interface TokenSource {
  token(): Promise<string>;
  /** The PSP refused the token (401): the next call asks for a new one. */
  forget(token: string): void;
}

/** Renewed this long before `expires_in` runs out, so a token never dies in flight. */
export const TOKEN_MARGIN_MS = 60_000;

export function createTokenSource(options: {
  http: HttpsJsonClient;
  url: string;
  clientId: string;
  clientSecret: string;
  clock: () => Date;
  scope?: string;
}): TokenSource {
  let cached: { token: string; renewAtMs: number } | null = null;
  let pending: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`).toString('base64');
    const form = new URLSearchParams({ grant_type: 'client_credentials', ...(options.scope ? { scope: options.scope } : {}) });
    const answer = await options.http.send({
      method: 'POST',
      url: options.url,
      headers: { authorization: `Basic ${basic}` },
      body: form.toString(),
      contentType: 'application/x-www-form-urlencoded',
    });
    const body = answer.body as { access_token?: unknown; expires_in?: unknown } | null;
    if (answer.status !== 200 || typeof body?.access_token !== 'string' || !body.access_token) {
      // Never the secret, never the PSP's body (it may echo credentials): the status says enough.
      throw new PaymentProviderError(`o PSP recusou as credenciais OAuth (HTTP ${answer.status})`, answer.status);
    }
    const lifetimeMs = (typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 300) * 1000;
    const renewAtMs = options.clock().getTime() + Math.max(lifetimeMs - TOKEN_MARGIN_MS, lifetimeMs / 2);
    cached = { token: body.access_token, renewAtMs };
    return body.access_token;
  }

  return {
    async token() {
      if (cached && options.clock().getTime() < cached.renewAtMs) return cached.token;
      pending ??= fetchToken().finally(() => (pending = null));
      return pending;
    },
    forget(token) {
      if (cached?.token === token) cached = null;
    },
  };
}
