// While the API closes (SIGTERM's drain, api/serve.ts), a request that still arrives on a
// kept-alive connection is refused like any other error: 503, Retry-After and
// { error: { code, message } } in pt-BR, and the connection closes. Fastify's own fast path for
// this (return503OnClosing, turned off in server-errors.ts) answered an English body of its own.
import type { FastifyInstance } from 'fastify';
import { errorBody, UNAVAILABLE } from './errors.js';

/** Register after the security headers' hook, so the refusal carries them too. */
export function refuseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!closing) return done();
    request.log.debug('closing: request refused with 503');
    void reply
      .status(UNAVAILABLE.status)
      .header('connection', 'close')
      .header('retry-after', String(UNAVAILABLE.retryAfterSeconds))
      .send(errorBody(UNAVAILABLE.code, UNAVAILABLE.message));
  });
}
