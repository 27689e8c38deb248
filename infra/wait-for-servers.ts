// The two servers every services-mode process needs, waited for at start (infra/wait-for.ts):
// how to probe each, which of their errors are worth waiting out, and where they are (for the log
// line, never with the password).
import { Redis } from 'ioredis';
import pg from 'pg';
import { waitFor, type WaitForOptions } from './wait-for.js';

type Tuning = Pick<WaitForOptions, 'log' | 'initialDelayMs' | 'maxDelayMs' | 'sleep' | 'now'>;

/** Network errors of a server not (yet) there: not listening, its name not yet in DNS, unreachable. */
const TRANSIENT_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOENT']);

/**
 * SQLSTATEs of a server starting, stopping or full: 57P03 cannot_connect_now ("the database system
 * is starting up"), 57P01/57P02 shutdowns, 53300 too_many_connections, class 08 connection exceptions.
 */
function transientSqlState(code: string): boolean {
  return code === '57P03' || code === '57P01' || code === '57P02' || code === '53300' || code.startsWith('08');
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function isTransientPostgresError(error: unknown): boolean {
  if (error instanceof AggregateError) return error.errors.some(isTransientPostgresError);
  const code = codeOf(error);
  if (code) return TRANSIENT_ERRNO.has(code) || transientSqlState(code);
  // pg's own words for a socket closed mid-handshake or a connect that ran out of time.
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|timeout expired|connect timeout/i.test(message);
}

export function isTransientRedisError(error: unknown): boolean {
  if (error instanceof AggregateError) return error.errors.some(isTransientRedisError);
  const code = codeOf(error);
  if (code) return TRANSIENT_ERRNO.has(code);
  // A Redis loading its dataset answers LOADING; a closed or timed-out socket has no code.
  const message = error instanceof Error ? error.message : '';
  return /LOADING|Connection is closed|connect ETIMEDOUT|Stream isn't writeable/i.test(message);
}

/** host:port of a connection URL, without user or password. */
export function serverTarget(url: string, defaultPort: number): string {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname || new URLSearchParams(parsed.search).get('host') || 'localhost';
    return `${host}:${parsed.port || defaultPort}`;
  } catch {
    return '(invalid URL)';
  }
}

async function probePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => {}); // a socket error after connect is reported by the query below
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    await client.end().catch(() => {});
  }
}

async function probeRedis(url: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false, connectTimeout: 5_000 });
  redis.on('error', () => {}); // the rejected connect() or ping() carries it
  try {
    await redis.connect();
    await redis.ping();
  } finally {
    redis.disconnect();
  }
}

export function waitForPostgres(url: string, tuning: Tuning = {}): Promise<void> {
  return waitFor({ name: 'PostgreSQL', target: serverTarget(url, 5432), probe: () => probePostgres(url), isTransient: isTransientPostgresError, ...tuning });
}

export function waitForRedis(url: string, tuning: Tuning = {}): Promise<void> {
  return waitFor({ name: 'Redis', target: serverTarget(url, 6379), probe: () => probeRedis(url), isTransient: isTransientRedisError, ...tuning });
}
