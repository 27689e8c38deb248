import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError } from '../../domain/shared/domain-error.js';
import { PoolWaitTimeoutError } from '../../infra/db/pool-wait.js';
import { unavailableCause } from '../../infra/db/unavailable.js';
import { ApiError } from '../../contract/shared/api-error.js';
import { DATABASE_BUSY, UNAVAILABLE } from '../../contract/shared/framework-refusals.js';
import { publicFrameworkError } from './framework-errors.js';

// Every failure leaves the API as { error: { code, message } } with the right status.
export { ApiError };

/** A refusal the client may retry after a known wait: answered with a Retry-After header. */
export class RetryLaterError extends ApiError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(status, code, message);
    this.name = 'RetryLaterError';
  }
}

export const badRequest = (code: string, message: string, details?: Record<string, unknown>) => new ApiError(400, code, message, details);
export const unauthorized = (message = 'Autenticação necessária') => new ApiError(401, 'unauthorized', message);
export const forbidden = (message = 'Acesso negado') => new ApiError(403, 'forbidden', message);
export const notFound = (message: string) => new ApiError(404, 'not_found', message);
export const conflict = (code: string, message: string) => new ApiError(409, code, message);

export { DATABASE_BUSY, UNAVAILABLE };

export function errorBody(code: string, message: string, details?: Record<string, unknown>) {
  return { error: { code, message, ...(details ? { details } : {}) } };
}

const statusOfKind = { invalid: 400, forbidden: 403, not_found: 404, conflict: 409 } as const;

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError | DomainError, request, reply) => {
    if (err instanceof RetryLaterError) void reply.header('retry-after', String(err.retryAfterSeconds));
    if (err instanceof ApiError) {
      return reply.status(err.status).send(errorBody(err.code, err.message, err.details));
    }
    if (err instanceof DomainError) {
      return reply.status(statusOfKind[err.kind]).send(errorBody(err.code, err.message, err.details));
    }
    if (err instanceof PoolWaitTimeoutError) {
      request.log.error({ err }, `database pool: ${err.message}`);
      void reply.header('retry-after', String(DATABASE_BUSY.retryAfterSeconds));
      return reply.status(503).send(errorBody(DATABASE_BUSY.code, DATABASE_BUSY.message));
    }
    const outage = unavailableCause(err);
    if (outage) {
      request.log.warn({ cause: outage }, 'database unavailable; answered 503');
      return reply
        .status(UNAVAILABLE.status)
        .header('retry-after', String(UNAVAILABLE.retryAfterSeconds))
        .send(errorBody(UNAVAILABLE.code, UNAVAILABLE.message));
    }
    const known = publicFrameworkError(err);
    if (known.status >= 500) request.log.error({ err }, 'unhandled error');
    else request.log.debug({ err: { code: err.code, message: err.message } }, 'request refused');
    return reply.status(known.status).send(errorBody(known.code, known.message));
  });
}
