// Which PSP this process talks to, from the environment. No PIX_API_URL: the simulated provider
// (no money moves). With it, the API Pix adapter needs the OAuth client, the mTLS certificate and
// key the PSP issued (PIX_CA_FILE when the PSP's CA is not a public one), the merchant's PIX key,
// and PIX_WEBHOOK_SECRET, the header the TLS-terminating proxy adds to the PSP's webhook calls
// (ADR 0022). A half-set configuration stops the process at start, naming what is missing.

export interface PixSettings {
  apiUrl: string;
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
  certFile: string;
  keyFile: string;
  caFile?: string;
  pixKey: string;
  webhookSecret: string;
  timeoutMs: number;
}

export interface PaymentSettings {
  /** null: the simulated provider. */
  pix: PixSettings | null;
  merchantName: string;
  merchantCity: string;
  /** Simulated mode only: a webhook secret is optional there (nothing can be confirmed by one). */
  webhookSecret?: string;
}

const REQUIRED = ['PIX_CLIENT_ID', 'PIX_CLIENT_SECRET', 'PIX_CERT_FILE', 'PIX_KEY_FILE', 'PIX_KEY', 'PIX_WEBHOOK_SECRET'] as const;

export function paymentSettingsFromEnv(env: NodeJS.ProcessEnv): PaymentSettings {
  const value = (name: string) => env[name]?.trim() || undefined;
  const merchantName = value('PIX_MERCHANT_NAME') ?? value('COMPANY_NAME') ?? 'Hub';
  const merchantCity = value('PIX_MERCHANT_CITY') ?? 'Sao Paulo';
  const apiUrl = value('PIX_API_URL');
  if (!apiUrl) return { pix: null, merchantName, merchantCity, webhookSecret: value('PIX_WEBHOOK_SECRET') };
  const missing = REQUIRED.filter((name) => !value(name));
  if (missing.length) throw new Error(`PIX_API_URL is set, so the API Pix adapter also needs ${missing.join(', ')}.`);
  if (!apiUrl.startsWith('https://')) throw new Error('PIX_API_URL must be an https:// address (the API Pix runs over mTLS).');
  const secret = value('PIX_WEBHOOK_SECRET')!;
  if (secret.length < 24) throw new Error('PIX_WEBHOOK_SECRET must have at least 24 characters.');
  const timeoutMs = Number(value('PIX_TIMEOUT_MS') ?? 10_000);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 60_000) throw new Error('PIX_TIMEOUT_MS must be a whole number of ms from 100 to 60000.');
  return {
    pix: {
      apiUrl: apiUrl.replace(/\/+$/, ''),
      oauthUrl: value('PIX_OAUTH_URL') ?? `${apiUrl.replace(/\/+$/, '')}/oauth/token`,
      clientId: value('PIX_CLIENT_ID')!,
      clientSecret: value('PIX_CLIENT_SECRET')!,
      certFile: value('PIX_CERT_FILE')!,
      keyFile: value('PIX_KEY_FILE')!,
      caFile: value('PIX_CA_FILE'),
      pixKey: value('PIX_KEY')!,
      webhookSecret: secret,
      timeoutMs,
    },
    merchantName,
    merchantCity,
  };
}

/** The secret a webhook call must carry (header x-pix-webhook-secret); undefined: none asked (simulated only). */
export const webhookSecretOf = (settings: PaymentSettings) => settings.pix?.webhookSecret ?? settings.webhookSecret;
