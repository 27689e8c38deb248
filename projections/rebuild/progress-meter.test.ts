import { describe, expect, it } from 'vitest';
import { ProgressMeter, progressLine } from './progress-meter.js';

describe('ProgressMeter', () => {
  it('has no rate from a single sample', () => {
    const p = new ProgressMeter().sample(0, 0, 1_000);
    expect(p).toMatchObject({ percent: 0, eventsPerSecond: null, etaSeconds: null });
  });

  it('measures the rate over the recent window and the ETA to the target', () => {
    const meter = new ProgressMeter();
    meter.sample(0, 0, 100_000);
    meter.sample(1_000, 5_000, 100_000); // a slow start…
    for (let s = 2; s <= 20; s++) meter.sample(s * 1_000, 5_000 + (s - 1) * 2_000, 100_000);
    const p = meter.sample(21_000, 45_000, 100_000); // …faded out: 2,000/s
    expect(p.eventsPerSecond).toBeCloseTo(2_000, 5);
    expect(p.etaSeconds).toBeCloseTo(27.5, 5);
    expect(p.percent).toBe(45);
  });

  it('follows a target that moves (the head grows) and never claims past it', () => {
    const meter = new ProgressMeter();
    meter.sample(0, 0, 10);
    const p = meter.sample(1_000, 12, 10);
    expect(p).toMatchObject({ percent: 100, target: 12, etaSeconds: 0 });
  });

  it('prints a line with events/s and the ETA', () => {
    const meter = new ProgressMeter();
    meter.sample(0, 0, 3_000_000);
    expect(progressLine(meter.sample(10_000, 1_200_000, 3_000_000))).toBe('[rebuild] 40% 1,200,000/3,000,000 events, 120,000 events/s, ETA 15 s');
    expect(progressLine(meter.sample(20_000, 1_300_000, 30_000_000))).toContain('ETA 47 min 50 s');
  });
});
