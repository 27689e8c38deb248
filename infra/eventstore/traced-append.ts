// The append's span (`eventstore.append`) and the trace context it leaves in each event's
// metadata, so the projection that applies the event later continues the same trace.
import { activeTraceparent, inSpan, tracingEnabled } from '../tracing/spans.js';
import type { AppendResult, StreamAppend } from './port.js';

export function tracedAppend(appends: StreamAppend[], write: (appends: StreamAppend[]) => Promise<AppendResult[]>): Promise<AppendResult[]> {
  if (!tracingEnabled()) return write(appends);
  const attributes = {
    'hub.streams': appends.map((a) => a.streamId),
    'hub.event_count': appends.reduce((n, a) => n + a.events.length, 0),
    'hub.event_types': [...new Set(appends.flatMap((a) => a.events.map((e) => e.type)))],
  };
  return inSpan(
    'eventstore.append',
    (span) => {
      const traceparent = activeTraceparent();
      if (!traceparent) return write(appends);
      const traced = appends.map((a) => ({ ...a, events: a.events.map((e) => ({ ...e, metadata: { ...e.metadata, traceparent } })) }));
      return write(traced).then((results) => {
        span?.setAttribute('hub.position', results.map((r) => `${r.position.tx}:${r.position.seq}`).join(','));
        return results;
      });
    },
    { attributes },
  );
}
