import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError } from '../../domain/shared/domain-error.js';

// Every failure leaves the API as { error: { code, message } } with the right status.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (code: string, message: string, details?: Record<string, unknown>) =>
  new ApiError(400, code, message, details);
export const unauthorized = (message = 'Autenticação necessária') => new ApiError(401, 'unauthorized', message);
export const forbidden = (message = 'Acesso negado') => new ApiError(403, 'forbidden', message);
export const notFound = (message: string) => new ApiError(404, 'not_found', message);
export const conflict = (code: string, message: string) => new ApiError(409, code, message);

export function errorBody(code: string, message: string, details?: Record<string, unknown>) {
  return { error: { code, message, ...(details ? { details } : {}) } };
}

const statusOfKind = { invalid: 400, forbidden: 403, not_found: 404, conflict: 409 } as const;

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError | DomainError, request, reply) => {
    if (err instanceof ApiError) {
      return reply.status(err.status).send(errorBody(err.code, err.message, err.details));
    }
    if (err instanceof DomainError) {
      return reply.status(statusOfKind[err.kind]).send(errorBody(err.code, err.message));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(errorBody('rate_limited', 'Muitas tentativas. Aguarde e tente novamente.'));
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send(errorBody('invalid_json', 'Corpo da requisição não é um JSON válido'));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(err.code ?? 'bad_request', err.message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody('internal', 'Erro interno. Tente novamente.'));
  });
}
