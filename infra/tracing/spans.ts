// Manual spans over @opentelemetry/api. Tracing is off unless start-tracing.ts registered a
// provider (an OTLP endpoint is configured): then every helper here returns at its first line,
// so a process without traces pays one boolean test per command, append and batch.
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import type { Attributes, Context, Link, Span } from '@opentelemetry/api';

let enabled = false;

/** Set by start-tracing.ts when it registers (or shuts down) the tracer provider. */
export function setTracingEnabled(on: boolean): void {
  enabled = on;
}

export const tracingEnabled = (): boolean => enabled;

export const hubTracer = () => trace.getTracer('hub');

export interface SpanOptions {
  attributes?: Attributes;
  kind?: SpanKind;
  links?: Link[];
  /** The parent, when not the active context (a projection batch: the event's trace). */
  parent?: Context;
}

/** Runs fn inside a span named `name` (ended when fn settles; a throw marks it failed). */
export async function inSpan<T>(name: string, fn: (span: Span | undefined) => Promise<T>, opts: SpanOptions = {}): Promise<T> {
  if (!enabled) return fn(undefined);
  const parent = opts.parent ?? context.active();
  return hubTracer().startActiveSpan(name, { kind: opts.kind ?? SpanKind.INTERNAL, attributes: opts.attributes, links: opts.links }, parent, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The active span's W3C traceparent, to store in an event's metadata; undefined without one. */
export function activeTraceparent(): string | undefined {
  if (!enabled || !trace.getActiveSpan()) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** The trace context a stored traceparent names (the parent of the work an event causes). */
export function contextOfTraceparent(traceparent: string): Context {
  return propagation.extract(ROOT_CONTEXT, { traceparent });
}

/** Incoming headers' trace context (a caller that traces), else a new root. */
export function contextOfHeaders(headers: Record<string, string | string[] | undefined>): Context {
  return propagation.extract(ROOT_CONTEXT, headers);
}

/**
 * Fields for a log line written inside a span: a pino `mixin` the logger setup can use, so log
 * lines and traces join on trace_id. Empty while tracing is off or outside a span.
 */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  if (!enabled) return {};
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

export { SpanKind, SpanStatusCode, context, trace };
export type { Span, Link };
