import { describe, expect, it } from 'vitest';
import { activeTraceparent, inSpan, traceLogFields, tracingEnabled } from './spans.js';
import { startTracing, tracesEndpointFromEnv } from './start-tracing.js';

describe('tracing configuration', () => {
  it('exports to the traces endpoint, else the base endpoint plus /v1/traces, else nowhere', () => {
    expect(tracesEndpointFromEnv({})).toBeUndefined();
    expect(tracesEndpointFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toBe('http://collector:4318/v1/traces');
    expect(tracesEndpointFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b/traces' })).toBe(
      'http://b/traces',
    );
  });

  it('is off without an endpoint: spans are plain calls and leave nothing in metadata or logs', async () => {
    expect(await startTracing('hub-test', {})).toBeNull();
    expect(tracingEnabled()).toBe(false);
    const seen = await inSpan('command x', async (span) => ({ span, traceparent: activeTraceparent(), fields: traceLogFields() }));
    expect(seen).toEqual({ span: undefined, traceparent: undefined, fields: {} });
  });
});
