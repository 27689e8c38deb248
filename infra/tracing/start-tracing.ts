// OpenTelemetry traces, off unless an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
// or OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces). The SDK is imported only then, so a process
// without traces neither loads nor runs it. Spans are made by hand (spans.ts, Fastify hooks in
// api/http/request-tracing.ts) rather than by auto-instrumentation: no loader hooks to install
// before Fastify, and only the spans worth reading (HTTP, command, append, projection).
import { context, propagation, trace } from '@opentelemetry/api';
import { setTracingEnabled } from './spans.js';

export interface Tracing {
  /** Sends the spans still held by the batch processor. */
  flush(): Promise<void>;
  /** Flushes and unregisters: tracing is off again. */
  shutdown(): Promise<void>;
}

/** Where spans go: the traces endpoint as configured, or undefined when tracing is off. */
export function tracesEndpointFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined;
}

/**
 * Registers a tracer provider exporting OTLP/HTTP (JSON) to the configured endpoint; null (and
 * nothing loaded) when none is. `serviceName` unless OTEL_SERVICE_NAME names the service.
 */
export async function startTracing(serviceName: string, env: NodeJS.ProcessEnv = process.env, url = tracesEndpointFromEnv(env)): Promise<Tracing | null> {
  if (!url || env.OTEL_SDK_DISABLED === 'true') return null;
  const [{ NodeTracerProvider }, { BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
  ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME?.trim() || serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url }))],
  });
  // The AsyncLocalStorage context manager and the W3C traceparent propagator.
  provider.register();
  setTracingEnabled(true);
  return {
    flush: () => provider.forceFlush(),
    async shutdown() {
      setTracingEnabled(false);
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

let once: Promise<Tracing | null> | undefined;

/** startTracing for a process whose parts may each ask (embedded mode): the first call decides. */
export function startTracingOnce(serviceName: string): Promise<Tracing | null> {
  return (once ??= startTracing(serviceName));
}
