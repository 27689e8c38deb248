// OpenTelemetry traces exported to a local OTLP/HTTP receiver (JSON, as the exporter sends it):
// one booking's HTTP span, its command, the event store append and the projections that apply
// the events share one trace, and the stored events carry its traceparent.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installRequestTracing } from '../../api/http/request-tracing.js';
import { startTracing, type Tracing } from '../../infra/tracing/start-tracing.js';
import { traceLogFields, inSpan } from '../../infra/tracing/spans.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil, windowFromNow } from '../support/test-app.js';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: Record<string, unknown> }[];
  links?: { traceId: string; spanId: string }[];
}

/** A bare OTLP/HTTP traces endpoint: keeps every span it is sent. */
async function startReceiver() {
  const spans: OtlpSpan[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      const raw = Buffer.concat(chunks);
      const body = JSON.parse((request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8'));
      for (const rs of body.resourceSpans ?? []) for (const ss of rs.scopeSpans ?? []) spans.push(...(ss.spans ?? []));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    spans,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('traces', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let tracing: Tracing;
  let t: TestApp;

  beforeAll(async () => {
    receiver = await startReceiver();
    tracing = (await startTracing('hub-test', {}, receiver.url))!;
    t = await startTestApp();
    await registerHub(t.store, 'TR-01', [{ size: 'P' }]);
  });
  afterAll(async () => {
    await t?.close();
    await tracing?.shutdown();
    await receiver?.close();
  });

  it('is off without an OTLP endpoint: nothing is loaded or registered', async () => {
    expect(await startTracing('hub-test', {})).toBeNull();
    expect(await startTracing('hub-test', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://x', OTEL_SDK_DISABLED: 'true' })).toBeNull();
  });

  it('links a booking from its HTTP span through the command and the append to the projections', async () => {
    const renter = await signUp(t, 'Tereza');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: 'TR-01', size: 'P', ...windowFromNow(1) },
    });
    expect(res.statusCode).toBe(201);
    const reservationId: string = res.json().id;

    const http = () => receiver.spans.find((s) => s.name === 'POST /api/reservations/by-size');
    const inTrace = (name: string) => receiver.spans.find((s) => s.name === name && s.traceId === http()?.traceId);
    // Spans leave in batches: flush until the projection's has arrived too.
    await waitUntil(async () => {
      await tracing.flush();
      return Boolean(http() && inTrace('projection reservations'));
    });
    const server = http()!;
    expect(server.kind).toBe(2); // SERVER
    const command = inTrace('command reserveBySize')!;
    expect(command.parentSpanId).toBe(server.spanId);
    const appends = receiver.spans.filter((s) => s.name === 'eventstore.append' && s.traceId === server.traceId);
    expect(appends.length).toBeGreaterThan(0);
    const ids = new Set(receiver.spans.filter((s) => s.traceId === server.traceId).map((s) => s.spanId));
    for (const append of appends) expect(ids.has(append.parentSpanId!)).toBe(true);
    const projection = inTrace('projection reservations')!;
    expect(appends.map((a) => a.spanId)).toContain(projection.parentSpanId);

    // The booking's events carry the trace's traceparent (the projection read it from there).
    const { rows } = await t.db.query<{ traceparent: string | null }>(`SELECT metadata->>'traceparent' AS traceparent FROM events WHERE stream_id = $1`, [
      `reservation-${reservationId}`,
    ]);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.traceparent).toMatch(new RegExp(`^00-${server.traceId}-[0-9a-f]{16}-01$`));
  });

  it('gives log lines inside a span its trace id', async () => {
    expect(traceLogFields()).toEqual({});
    const fields = await inSpan('probe', async (span) => ({ fields: traceLogFields(), traceId: span!.spanContext().traceId }));
    expect(fields.fields.trace_id).toBe(fields.traceId);
  });

  it("puts the request span's trace id on the request's log lines", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } } });
    installRequestTracing(app);
    app.get('/probe/:id', async (request) => {
      request.log.info('inside the handler');
      return { traceId: traceLogFields().trace_id };
    });
    try {
      const res = await app.inject({ url: '/probe/42' });
      const { traceId } = res.json();
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(lines.find((l) => l.msg === 'inside the handler')?.trace_id).toBe(traceId);
      expect(lines.find((l) => l.msg === 'request completed')?.trace_id).toBe(traceId);
      await waitUntil(async () => {
        await tracing.flush();
        return receiver.spans.some((s) => s.name === 'GET /probe/:id' && s.traceId === traceId);
      });
    } finally {
      await app.close();
    }
  });
});
