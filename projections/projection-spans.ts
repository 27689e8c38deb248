// A projection's span (`projection <name>`) for a batch holding traced events: a child of the
// first event's append (its metadata's traceparent), linked to the others' traces. Batches of
// untraced events, and processes without tracing, make none.
import type { Link, Span } from '../infra/tracing/spans.js';
import { SpanStatusCode, contextOfTraceparent, hubTracer, trace, tracingEnabled } from '../infra/tracing/spans.js';
import type { BatchJob } from './apply-batches.js';

/** Links beyond the parent: a catch-up batch of hundreds of traced events keeps a bounded span. */
const MAX_LINKS = 32;

export interface ProjectionSpans {
  end(error?: unknown): void;
}

const NONE: ProjectionSpans = { end() {} };

export function startProjectionSpans(jobs: readonly BatchJob[]): ProjectionSpans {
  if (!tracingEnabled()) return NONE;
  const spans: Span[] = [];
  for (const { projector, events } of jobs) {
    const traced = events.filter((e) => e.metadata?.traceparent && (!projector.accepts || projector.accepts(e)));
    const [first, ...rest] = traced;
    if (!first) continue;
    const links: Link[] = [];
    for (const event of rest.slice(0, MAX_LINKS)) {
      const linked = trace.getSpanContext(contextOfTraceparent(event.metadata.traceparent!));
      if (linked) links.push({ context: linked });
    }
    const attributes = { 'hub.projector': projector.name, 'hub.event_count': events.length, 'hub.traced_events': traced.length };
    spans.push(hubTracer().startSpan(`projection ${projector.name}`, { attributes, links }, contextOfTraceparent(first.metadata.traceparent!)));
  }
  return {
    end(error) {
      for (const span of spans) {
        if (error) span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : 'failed' });
        span.end();
      }
    },
  };
}
