// How the API's log looks. People reading `npm start` in a terminal get one short line per
// request ("GET /api/hubs 200 4 ms"); services mode and any stdout that is not a terminal (a
// container, a file, a pipe to a log shipper) keep pino's JSON, two lines per request, unchanged.
import type { Role } from '../health/readiness.js';

export type LogFormat = 'json' | 'pretty';

export interface LogFormatInput {
  /** The process's role: 'all-in-one' is `npm start`; the rest are services mode. */
  role: Role;
  /** process.stdout.isTTY */
  isTTY: boolean | undefined;
  /** LOG_FORMAT: 'json' or 'pretty' forces one; anything else (or unset) chooses as above. */
  override?: string;
}

export function chooseLogFormat({ role, isTTY, override }: LogFormatInput): LogFormat {
  const forced = override?.trim().toLowerCase();
  if (forced === 'json' || forced === 'pretty') return forced;
  return role === 'all-in-one' && isTTY === true ? 'pretty' : 'json';
}

export interface RequestSummary {
  method: string;
  url: string;
  statusCode: number;
  /** Fastify's reply.elapsedTime. */
  elapsedMs: number;
}

const MAX_URL = 120;

/** The one line a request leaves in a terminal: method, path (query kept, long ones cut), status, time. */
export function requestLine({ method, url, statusCode, elapsedMs }: RequestSummary): string {
  const shown = url.length > MAX_URL ? `${url.slice(0, MAX_URL - 1)}…` : url;
  const ms = elapsedMs < 10 ? elapsedMs.toFixed(1) : String(Math.round(elapsedMs));
  return `${method} ${shown} ${statusCode} ${ms} ms`;
}
