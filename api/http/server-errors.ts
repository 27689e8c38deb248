// Failures Fastify answers before any route, hook or error handler runs: malformed URLs
// (frameworkErrors) and requests the HTTP parser rejects (clientErrorHandler). Both would
// otherwise answer in English; these answer like every other error, in pt-BR.
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody } from './errors.js';
import { publicFrameworkError, type PublicError } from './framework-errors.js';
import { applySecurityHeaders } from './security-headers.js';

function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = publicFrameworkError(error);
  applySecurityHeaders(reply);
  void reply.status(known.status).header('cache-control', 'no-store').send(errorBody(known.code, known.message));
}

function clientErrorOf(err: NodeJS.ErrnoException): PublicError {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return publicFrameworkError({ statusCode: 408 });
  if (err.code === 'HPE_HEADER_OVERFLOW') return publicFrameworkError({ statusCode: 431 });
  return publicFrameworkError({ statusCode: 400 });
}

function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const known = clientErrorOf(err);
    const body = JSON.stringify(errorBody(known.code, known.message));
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(err);
}

/**
 * Spread into Fastify's options: pt-BR answers for errors raised before routing. Requests that
 * arrive while the server closes are refused by closing-answers.ts, not Fastify's English 503.
 */
export const serverErrorOptions = { frameworkErrors, clientErrorHandler, return503OnClosing: false } satisfies Partial<FastifyServerOptions>;
