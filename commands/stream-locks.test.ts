import { describe, expect, it } from 'vitest';
import { StreamLocks } from './stream-locks.js';

describe('StreamLocks', () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

  it('runs holders of a common stream one after the other, and others side by side', async () => {
    const locks = new StreamLocks();
    const log: string[] = [];
    const job = (name: string, keys: string[]) =>
      locks.run(keys, async () => {
        log.push(`${name}+`);
        await tick();
        log.push(`${name}-`);
      });
    await Promise.all([job('a', ['x', 'y']), job('b', ['y']), job('c', ['z'])]);
    expect(log.indexOf('b+')).toBeGreaterThan(log.indexOf('a-'));
    expect(log.indexOf('c+')).toBeLessThan(log.indexOf('a-'));
    expect(locks.busy('x') || locks.busy('y') || locks.busy('z')).toBe(false);
  });

  it('never deadlocks on streams taken in opposite orders, and frees them when fn throws', async () => {
    const locks = new StreamLocks();
    const runs = Array.from({ length: 20 }, (_, i) => locks.run(i % 2 ? ['p', 'q'] : ['q', 'p'], async () => tick()));
    await Promise.all(runs);
    await expect(locks.run(['p'], async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(locks.busy('p')).toBe(false);
  });
});
