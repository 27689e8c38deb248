// Issue 24 item 13: a request that reaches an API process while it closes (SIGTERM's drain) is
// refused with the same { error: { code, message } } body as every other error, a Retry-After and
// Connection: close; Fastify's own fast path answered an English body of its own.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorShapeProblem } from '../support/error-shape.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('issue 24 item 13: the drain-time 503 has the standard error body', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await startTestApp({ projections: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a request arriving on a kept-alive connection while the server closes gets 503 unavailable, Retry-After and the pt-BR body', async () => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const body = JSON.stringify({ email: 'ninguem@example.com' });
    // A request in flight (its body not all sent yet), so the close waits for it on this connection.
    const routed = new Promise<void>((resolve) => t.app.server.once('request', () => resolve()));
    socket.write(
      `POST /api/auth/resend-confirmation HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await routed;
    const closed = t.app.close();
    // The rest of the first body, and a second request behind it on the same connection.
    socket.write(`${body.slice(5)}GET /api/health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    await ended;
    await closed;

    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers.map((answer) => answer.slice(0, 12))).toEqual(['HTTP/1.1 202', 'HTTP/1.1 503']);
    const [head, text] = answers[1]!.split('\r\n\r\n') as [string, string];
    const headers = Object.fromEntries(
      head
        .split('\r\n')
        .slice(1)
        .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    expect(headers['retry-after']).toBe('2');
    expect(headers['connection']).toBe('close');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(text)).toEqual({ error: { code: 'unavailable', message: 'Serviço temporariamente indisponível. Tente novamente em instantes.' } });
    expect(errorShapeProblem({ statusCode: 400, body: text, headers }, 'GET')).toBeNull();
  });
});
