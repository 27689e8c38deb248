// hub_http_request_duration_seconds for every answered request, labelled with the route's
// template (/api/reservations/:id), never the raw URL: ids would make a series per reservation.
import type { FastifyInstance } from 'fastify';
import { httpRequestDuration } from '../../infra/metrics/registry.js';

export function installRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    // Unmatched URLs (scanners, typos) share one label.
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequestDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
}
