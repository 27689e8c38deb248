// How fast a rebuild goes and how long it has left, from samples of (time, events applied). The
// rate is over the last WINDOW_MS, so a slow start (or a burst) fades out of the ETA. Pure: the
// caller passes the clock readings.

const WINDOW_MS = 10_000;

export interface ProgressSample {
  atMs: number;
  applied: number;
}

export interface Progress {
  applied: number;
  /** Events to apply in all: the head at the start, then the moving head. */
  target: number;
  /** 0–100, whole. */
  percent: number;
  /** Over the last seconds; null until two samples apart in time. */
  eventsPerSecond: number | null;
  /** Seconds left at that rate; null while the rate is unknown. */
  etaSeconds: number | null;
}

export class ProgressMeter {
  #samples: ProgressSample[] = [];

  /** Records the count at a time and answers the progress against `target`. */
  sample(atMs: number, applied: number, target: number): Progress {
    this.#samples.push({ atMs, applied });
    while (this.#samples.length > 2 && this.#samples[1]!.atMs <= atMs - WINDOW_MS) this.#samples.shift();
    const first = this.#samples[0]!;
    const elapsed = (atMs - first.atMs) / 1_000;
    const eventsPerSecond = elapsed > 0 ? (applied - first.applied) / elapsed : null;
    const left = Math.max(0, target - applied);
    const etaSeconds = eventsPerSecond && eventsPerSecond > 0 ? left / eventsPerSecond : left === 0 ? 0 : null;
    const percent = target > 0 ? Math.min(100, Math.floor((applied / target) * 100)) : 100;
    return { applied, target: Math.max(target, applied), percent, eventsPerSecond, etaSeconds };
  }
}

/** One line for the CLI: `[rebuild] 45% 1.234.567/2.700.000 events, 120,000 events/s, ETA 2 min 05 s`. */
export function progressLine(progress: Progress): string {
  const rate = progress.eventsPerSecond === null ? '… events/s' : `${Math.round(progress.eventsPerSecond).toLocaleString('en-US')} events/s`;
  const eta = progress.etaSeconds === null ? 'ETA …' : `ETA ${duration(progress.etaSeconds)}`;
  return `[rebuild] ${progress.percent}% ${progress.applied.toLocaleString('en-US')}/${progress.target.toLocaleString('en-US')} events, ${rate}, ${eta}`;
}

function duration(seconds: number): string {
  const s = Math.ceil(seconds);
  if (s < 60) return `${s} s`;
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}
