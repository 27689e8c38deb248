// A real OpenID Connect provider on this machine (the `oidc-provider` package) for social sign-in
// tests: discovery, authorization with PKCE, signed ID tokens, userinfo. Sign-in at the provider
// is automatic: the interaction signs in whichever account the test put in `account` and grants
// the requested scopes, so a browser or an HTTP client just follows redirects.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export type ProviderAccount = { sub: string; email?: string; email_verified?: boolean; name?: string };

export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The identity the next sign-in at the provider returns. */
  account: ProviderAccount;
  close(): Promise<void>;
};

/** Listens on `port` (0: any free one); `redirectUris` are the Hub callbacks the client may use. */
export async function startOidcProvider(opts: {
  redirectUris: string[];
  port?: number;
  account?: ProviderAccount;
  client?: { id: string; secret: string };
}): Promise<TestOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const state: TestOidcProvider = {
    issuer,
    clientId: opts.client?.id ?? 'hub-test-client',
    clientSecret: opts.client?.secret ?? 'hub-test-secret-0123456789abcdef',
    account: opts.account ?? { sub: 'user-1', email: 'social@example.test', email_verified: true, name: 'Social Tester' },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: state.clientId,
        client_secret: state.clientSecret,
        redirect_uris: opts.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = state.account;
      if (sub !== account.sub) return undefined;
      return { accountId: sub, claims: () => ({ ...account }) };
    },
  });
  const handle = provider.callback();
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return void handle(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      const clientId = String(details.params.client_id);
      let result;
      if (details.prompt.name === 'login') {
        result = { login: { accountId: state.account.sub } };
      } else {
        const grant = new provider.Grant({ accountId: details.session?.accountId ?? state.account.sub, clientId });
        grant.addOIDCScope(String(details.params.scope));
        result = { consent: { grantId: await grant.save() } };
      }
      await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  return state;
}
