// Console progress for a long seed: per phase, the share done, rows written and their rate,
// at most every few seconds, in pt-BR number format.

export interface Progress {
  /** Starts a phase; `total` steps make the percentage. */
  phase(name: string, total?: number): void;
  /** Reports steps done and rows written so far in this phase (printed at most every interval). */
  tick(done: number, rows: number): void;
  /** Ends the phase with one line; returns its duration in seconds. */
  end(note?: string): number;
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('pt-BR', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}min${String(s % 60).padStart(2, '0')}s`;
}

export function createProgress(log: (line: string) => void, intervalMs = 3_000): Progress {
  let name = '';
  let total = 0;
  let started = 0;
  let lastPrint = 0;
  let lastRows = 0;
  const line = (done: number, rows: number, now: number) => {
    const seconds = (now - started) / 1000;
    const share = total > 0 ? `${fmt((100 * done) / total)}% · ` : '';
    const rate = seconds > 0 ? ` (${fmt(rows / seconds)} linhas/s)` : '';
    log(`[seed:scale] ${name}: ${share}${fmt(rows)} linhas${rate} · ${formatDuration(seconds)}`);
  };
  return {
    phase(next, steps = 0) {
      name = next;
      total = steps;
      started = lastPrint = performance.now();
      lastRows = 0;
    },
    tick(done, rows) {
      const now = performance.now();
      lastRows = rows;
      if (now - lastPrint < intervalMs) return;
      lastPrint = now;
      line(done, rows, now);
    },
    end(note) {
      const seconds = (performance.now() - started) / 1000;
      log(`[seed:scale] ${name}: pronto em ${formatDuration(seconds)}${note ? ` · ${note}` : lastRows ? ` · ${fmt(lastRows)} linhas` : ''}`);
      return seconds;
    },
  };
}
