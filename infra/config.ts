import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { s3ConfigFromEnv } from './storage/s3-config.js';
import { mailSettingsFromEnv } from './mail/settings.js';
import { socialSettingsFromEnv } from './oidc/settings.js';
import { appUrlFromEnv, listenHostFromEnv } from './app-url.js';
import { paymentSettingsFromEnv } from './payments/settings.js';

// Process configuration from the environment. Embedded mode keeps its generated secrets in
// DATA_DIR so tokens and code hashes stay valid across restarts.

export interface Secrets {
  jwtSecret: Uint8Array;
  codeSecret: string;
}

/**
 * True for addresses only this machine can reach. Anything else (0.0.0.0, ::, a LAN address, a
 * host name) is treated as exposed to the network.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return bare === 'localhost' || bare === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(bare);
}

export const config = {
  port: Number(process.env.PORT ?? 3000),
  host: listenHostFromEnv(process.env),
  dataDir: resolve(process.env.DATA_DIR ?? '.data'),
  databaseUrl: process.env.DATABASE_URL,
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  /** BullMQ queue base name: processes that share it share jobs. */
  queueName: process.env.QUEUE_NAME ?? 'hub',
  maxReservationHours: maxReservationHoursFromEnv(process.env.MAX_RESERVATION_HOURS),
  /** How long an unpaid reservation holds its locker. */
  paymentWindowMs: Number(process.env.PAYMENT_WINDOW_MINUTES ?? 15) * 60_000,
  /** Active (pending or paid, not yet over) reservations one renter may hold at once. */
  maxActiveReservations: Number(process.env.MAX_ACTIVE_RESERVATIONS ?? 5),
  /** Unpaid reservations one renter may hold at once (ADR 0016). */
  maxUnpaidHolds: Number(process.env.MAX_UNPAID_HOLDS ?? 1),
  /** The master operator's account (the dashboard's Master badge); reserved, never removed. */
  masterOperatorEmail: (process.env.MASTER_OPERATOR_EMAIL ?? 'admin@hub.dev').trim().toLowerCase(),
  logLevel: process.env.LOG_LEVEL ?? 'info',
  /** Proxies trusted for X-Forwarded-For: 'true' (any) or comma-separated addresses/CIDRs. */
  trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
  webDist: resolve(process.env.WEB_DIST ?? 'web/dist'),
  /**
   * Uploads go to an S3-compatible bucket when S3_ENDPOINT (with S3_ACCESS_KEY_ID and
   * S3_SECRET_ACCESS_KEY; S3_REGION, S3_BUCKET, S3_PUBLIC_URL, S3_FORCE_PATH_STYLE optional) is
   * set, else to DATA_DIR/uploads. Read when asked: only the API needs it, and a half-set S3 throws.
   */
  get s3() {
    return s3ConfigFromEnv(process.env);
  },
  /**
   * The web app's public origin, which mailed links and social sign-in are built on: APP_URL,
   * else the address this process listens on (infra/app-url.ts). Never a request header.
   */
  get appUrl() {
    return appUrlFromEnv(process.env);
  },
  /** Social sign-in: SOCIAL_{GOOGLE,FACEBOOK,APPLE}_* (infra/oidc/settings.ts), APP_URL, CORS_ORIGINS. */
  get social() {
    return socialSettingsFromEnv(process.env);
  },
  /** Mail: SMTP_URL (else the outbox under DATA_DIR), MAIL_FROM, SUPPORT_EMAIL (infra/mail/settings.ts). */
  get mail() {
    return mailSettingsFromEnv(process.env);
  },
  /** Payments: PIX_API_URL and the rest (infra/payments/settings.ts); none: the simulated provider. */
  get payments() {
    return paymentSettingsFromEnv(process.env);
  },
};

/**
 * MAX_RESERVATION_HOURS: 1 to 744 (31 days). A reservation's price is kept in integer cents, and
 * 744 hours at the top price (R$ 10.000,00/h, domain/hubs/hub-bounds.ts) still fits.
 */
export function maxReservationHoursFromEnv(raw: string | undefined): number {
  const hours = Number(raw ?? 48);
  if (!Number.isInteger(hours) || hours < 1 || hours > 744) throw new Error('MAX_RESERVATION_HOURS must be a whole number of hours from 1 to 744.');
  return hours;
}

export function secretsFromEnv(): Secrets {
  const jwt = process.env.JWT_SECRET;
  const code = process.env.CODE_SECRET;
  if (!jwt || jwt.length < 32 || !code || code.length < 32) {
    throw new Error('Services mode needs JWT_SECRET and CODE_SECRET (at least 32 characters each).');
  }
  return { jwtSecret: new TextEncoder().encode(jwt), codeSecret: code };
}

export function secretsInDataDir(dataDir: string): Secrets {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'secrets.json');
  let stored: { jwt: string; code: string };
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as { jwt: string; code: string };
  } catch {
    stored = { jwt: randomBytes(48).toString('base64url'), code: randomBytes(48).toString('base64url') };
    writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
  }
  return { jwtSecret: new TextEncoder().encode(stored.jwt), codeSecret: stored.code };
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}
