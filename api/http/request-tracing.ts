// The HTTP server span of each request, by Fastify hooks (no auto-instrumentation): opened on
// onRequest, made the active context again in preHandler (body parsing runs in the socket's
// context, not the hook's) so the command, its append and their log lines are its children,
// ended on onResponse. Installed only while tracing is on: otherwise no hook at all.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Span } from '../../infra/tracing/spans.js';
import { SpanKind, SpanStatusCode, context, contextOfHeaders, hubTracer, trace, tracingEnabled } from '../../infra/tracing/spans.js';

const spans = new WeakMap<FastifyRequest, Span>();

export function installRequestTracing(app: FastifyInstance): void {
  if (!tracingEnabled()) return;
  app.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const parent = contextOfHeaders(request.headers);
    const span = hubTracer().startSpan(
      `${request.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, 'http.route': route, 'url.path': request.url.split('?')[0], 'hub.request_id': request.id },
      },
      parent,
    );
    spans.set(request, span);
    bindTraceToLogs(request, reply, span);
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const span = spans.get(request);
    if (!span) return done();
    context.with(trace.setSpan(context.active(), span), done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      spans.delete(request);
    }
    done();
  });
}

/** The request's log lines from here on (its "request completed" too) carry the trace id. */
function bindTraceToLogs(request: FastifyRequest, reply: FastifyReply, span: Span): void {
  const log = request.log.child({ trace_id: span.spanContext().traceId });
  request.log = log;
  reply.log = log;
}
