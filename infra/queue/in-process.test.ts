import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeQueueConformance, describeRepeatConformance, recorder } from '../../tests/conformance/queue.conformance.js';
import { createInProcessQueue } from './in-process.js';

describeQueueConformance('in-process', (opts) => createInProcessQueue({ backoffMs: 50, ...opts }));
describeRepeatConformance('in-process', () => createInProcessQueue({ backoffMs: 50, onError: () => {} }));

const DAY = 24 * 3600 * 1000;
const silent = () => {};

describe('in-process queue, timer details', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits past the ~24.8-day setTimeout limit instead of firing at once', async () => {
    vi.useFakeTimers();
    const q = createInProcessQueue();
    const { runs, handler } = recorder();
    q.process('expire', handler);
    await q.schedule('expire', {}, { runAt: new Date(Date.now() + 30 * DAY), jobId: 'long' });
    await vi.advanceTimersByTimeAsync(29 * DAY);
    expect(runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(DAY);
    expect(runs).toHaveLength(1);
    await q.close();
  });

  it('backs off exponentially from backoffMs and stops after attempts', async () => {
    vi.useFakeTimers();
    const q = createInProcessQueue({ attempts: 4, backoffMs: 1000, onError: silent });
    const { runs, handler } = recorder(() => true);
    q.process('mail', handler);
    const t0 = Date.now();
    await q.schedule('mail', {}, { runAt: new Date(t0), jobId: 'm' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs.map((r) => r.at - t0)).toEqual([0, 1000, 3000, 7000]);
    await q.close();
  });

  it('computes delays from the injected clock', async () => {
    vi.useFakeTimers();
    const skew = 10_000; // the injected clock runs 10 s ahead of Date.now()
    const q = createInProcessQueue({ now: () => Date.now() + skew });
    const { runs, handler } = recorder();
    q.process('expire', handler);
    await q.schedule('expire', {}, { runAt: new Date(Date.now() + skew + 500), jobId: 'j' });
    await vi.advanceTimersByTimeAsync(499);
    expect(runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(1);
    await q.close();
  });

  it('close() clears every timer and waits for runs in progress', async () => {
    vi.useFakeTimers();
    const q = createInProcessQueue();
    let finished = 0;
    q.process('slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      finished++;
    });
    await q.schedule('slow', {}, { runAt: new Date(), jobId: 'now' });
    await q.schedule('slow', {}, { runAt: new Date(), jobId: 'now-too' });
    await q.schedule('slow', {}, { runAt: new Date(Date.now() + DAY), jobId: 'later' });
    await vi.advanceTimersByTimeAsync(1); // 'now' and 'now-too' start
    const closing = q.close();
    expect(vi.getTimerCount()).toBe(2); // only the two running handlers' own timers are left
    await vi.advanceTimersByTimeAsync(100);
    await closing;
    expect(finished).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not keep the process alive (timers are unref-ed)', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    const q = createInProcessQueue();
    q.process('expire', async () => {});
    await q.schedule('expire', {}, { runAt: new Date(Date.now() + DAY), jobId: 'far' });
    await q.schedule('expire', {}, { runAt: new Date(Date.now() + 2 * DAY), jobId: 'farther' });
    expect(timers()).toBe(before);
    await q.close();
  });

  it('turns handler and reporter errors into no unhandled rejections', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const q = createInProcessQueue({
        attempts: 2,
        backoffMs: 1,
        onError: () => {
          throw new Error('reporter broke');
        },
      });
      let calls = 0;
      // Not async: throws synchronously, which the queue must catch like a rejection.
      q.process('bad', () => {
        calls++;
        throw new Error('sync throw');
      });
      await q.schedule('bad', {}, { runAt: new Date(), jobId: 'b' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      await q.close();
      expect(calls).toBe(2);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
