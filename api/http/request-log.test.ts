import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { chooseLogFormat, requestLine } from '../../infra/log/log-format.js';
import { fastifyLogging } from './request-log.js';

describe('log format', () => {
  it('is pretty only for npm start in a terminal, unless LOG_FORMAT says otherwise', () => {
    expect(chooseLogFormat({ role: 'all-in-one', isTTY: true })).toBe('pretty');
    expect(chooseLogFormat({ role: 'all-in-one', isTTY: false })).toBe('json');
    expect(chooseLogFormat({ role: 'all-in-one', isTTY: undefined })).toBe('json');
    for (const role of ['api', 'projections', 'workers'] as const) expect(chooseLogFormat({ role, isTTY: true })).toBe('json');
    expect(chooseLogFormat({ role: 'all-in-one', isTTY: true, override: 'json' })).toBe('json');
    expect(chooseLogFormat({ role: 'api', isTTY: false, override: ' Pretty ' })).toBe('pretty');
    expect(chooseLogFormat({ role: 'all-in-one', isTTY: true, override: 'yaml' })).toBe('pretty');
  });

  it('says a request in one short line: method, path, status, time', () => {
    expect(requestLine({ method: 'GET', url: '/api/hubs?city=SP', statusCode: 200, elapsedMs: 3.14159 })).toBe('GET /api/hubs?city=SP 200 3.1 ms');
    expect(requestLine({ method: 'POST', url: '/api/reservations/by-size', statusCode: 409, elapsedMs: 48.6 })).toBe(
      'POST /api/reservations/by-size 409 49 ms',
    );
    const long = requestLine({ method: 'GET', url: `/api/x?${'a'.repeat(300)}`, statusCode: 404, elapsedMs: 1 });
    expect(long.length).toBeLessThan(150);
    expect(long).toMatch(/…\s404 1\.0 ms$/);
  });
});

describe('the pretty logger in a Fastify app', () => {
  it('writes exactly one line per request, with no JSON', async () => {
    let written = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString();
        done();
      },
    });
    const logging = fastifyLogging({ level: 'info', format: 'pretty' }, sink);
    const app = Fastify(logging);
    app.get('/api/ping', async () => ({ ok: true }));
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/ping' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/missing' })).statusCode).toBe(404);
    await app.close();
    const lines = written.split('\n').filter(Boolean);
    expect(lines, written).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/ping 200 \d+(\.\d)? ms$/);
    expect(lines[1]).toMatch(/INFO: GET \/api\/missing 404 /);
    expect(written).not.toContain('{"');
    expect(written).not.toContain('incoming request');
  });

  it('keeps Fastify JSON request logging when the format is json', () => {
    expect(fastifyLogging({ level: 'info' })).toEqual({ logger: { level: 'info' } });
    expect(fastifyLogging(undefined)).toEqual({ logger: false });
  });
});
