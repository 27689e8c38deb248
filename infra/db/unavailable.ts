// Errors that mean "the database (or a server we depend on) cannot be reached right now": it is
// restarting, shutting down, refusing connections, out of connection slots, or the connection was
// lost. Nothing was decided on our side, so the client may safely retry: the API answers 503 with
// Retry-After (api/http/errors.ts), not 500.

/** SQLSTATEs of an unreachable or restarting server; class 08 (connection exception) counts whole. */
const SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server is shutting down or a session was ended
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, in recovery
  '53300', // too_many_connections
  '53400', // configuration_limit_exceeded
]);

/** Socket errors of a connection that could not be made or was lost. */
const ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);

/** pg and pg-pool say these without a code. */
const MESSAGES = [
  /^Connection terminated/, // the server went away mid-query (also "... due to connection timeout")
  /^timeout exceeded when trying to connect$/, // pg-pool: no connection within connectionTimeoutMillis
  /is not queryable$/, // a client whose connection already failed
  /^the database system is (starting up|shutting down|in recovery mode)/, // SQLSTATE-less text of 57P03 on older servers
];

/** The code or text that marks an error as an outage, or null when it is something else. */
export function unavailableCause(error: unknown, depth = 0): string | null {
  if (!error || typeof error !== 'object' || depth > 4) return null;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (SQLSTATES.has(code) || ERRNOS.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return code;
  if (typeof message === 'string' && typeof code !== 'string' && MESSAGES.some((pattern) => pattern.test(message))) return message;
  // A connection to several addresses fails as an AggregateError; wrappers keep the reason in cause.
  const inners: unknown[] = Array.isArray(errors) ? errors : [];
  for (const inner of [cause, ...inners]) {
    const found = unavailableCause(inner, depth + 1);
    if (found) return found;
  }
  return null;
}
