import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyRequestLogger } from './lazy-request-logger.js';

function capturingLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => void (lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>), done()) });
  return { logger: pino({ level }, sink), lines };
}

describe('lazyRequestLogger', () => {
  it('makes no child for a request that logs nothing at an enabled level', () => {
    const { logger } = capturingLogger('warn');
    const child = vi.spyOn(logger, 'child');
    const log = lazyRequestLogger(logger, { reqId: 'r1' }, {});
    log.info('incoming request');
    log.debug('details');
    expect(child).not.toHaveBeenCalled();
    expect(log.level).toBe('warn');
  });

  it('logs at enabled levels with the request binding, through one child', async () => {
    const { logger, lines } = capturingLogger('info');
    const child = vi.spyOn(logger, 'child');
    const log = lazyRequestLogger(logger, { reqId: 'r2' }, {});
    log.info({ status: 200 }, 'request completed');
    log.error(new Error('boom'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map((l) => [l.reqId, l.msg])).toEqual([
      ['r2', 'request completed'],
      ['r2', 'boom'],
    ]);
    expect(lines[0]!.status).toBe(200);
  });
});
