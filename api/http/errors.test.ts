import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { PoolWaitTimeoutError } from '../../infra/db/pool-wait.js';
import { DATABASE_BUSY, installErrorHandler } from './errors.js';

describe('issue 24 item 4: a checkout that waited too long for a database connection', () => {
  it('answers 503 with Retry-After and the pt-BR error body, and logs the cause', async () => {
    const logged: string[] = [];
    const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } } });
    installErrorHandler(app);
    app.get('/stuck', async () => {
      throw new PoolWaitTimeoutError(5_000, 1);
    });
    const res = await app.inject({ url: '/stuck' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(DATABASE_BUSY.retryAfterSeconds));
    expect(res.json()).toEqual({ error: { code: 'database_busy', message: DATABASE_BUSY.message } });
    expect(logged.join('\n')).toMatch(/database pool: no database connection came free within 5000 ms \(pool of 1\)/);
    await app.close();
  });
});
