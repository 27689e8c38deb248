// A process started before its database or Redis (containers coming up together, a server
// restarting) waits for it instead of dying with a stack trace: it probes with backoff, says once
// that it is waiting and once that it got through, and gives up only on an error that waiting
// cannot fix (a wrong password, an unknown database).

export interface WaitForOptions {
  /** What is waited for, as people call it: 'PostgreSQL', 'Redis'. */
  name: string;
  /** Where, without credentials: 'postgres:5432'. */
  target: string;
  /** Resolves when the server answers; rejects with the driver's error otherwise. */
  probe: () => Promise<void>;
  /** Errors worth waiting out (refused, not yet resolvable, starting up); the rest stop the wait. */
  isTransient: (error: unknown) => boolean;
  log?: (line: string) => void;
  /** First pause between probes; doubles up to maxDelayMs. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** The wait stopped on an error that retrying would not fix; its message is the one line to print. */
export class WaitForError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'WaitForError';
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The driver's message with its errno or SQLSTATE code, on one line. */
export function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const text = message || (error instanceof AggregateError ? error.errors.map(describeError).join('; ') : 'unknown error');
  return typeof code === 'string' && !text.includes(code) ? `${text} (${code})` : text;
}

/** Resolves once `probe` succeeds; waits through transient errors with a capped exponential backoff. */
export async function waitFor(opts: WaitForOptions): Promise<void> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const sleep = opts.sleep ?? defaultSleep;
  const now = opts.now ?? Date.now;
  const maxDelay = opts.maxDelayMs ?? 5_000;
  let delay = opts.initialDelayMs ?? 250;
  let waitingSince: number | undefined;
  for (;;) {
    try {
      await opts.probe();
      if (waitingSince !== undefined) {
        const seconds = ((now() - waitingSince) / 1000).toFixed(1);
        log(`${opts.name} em ${opts.target} respondeu após ${seconds.replace('.', ',')} s (${opts.name} reached after ${seconds} s)`);
      }
      return;
    } catch (error) {
      if (!opts.isTransient(error)) {
        throw new WaitForError(
          `${opts.name} em ${opts.target} recusou a conexão, e esperar não resolve: ${describeError(error)} (${opts.name} refused the connection; not retrying)`,
          error,
        );
      }
      if (waitingSince === undefined) {
        waitingSince = now();
        log(`Aguardando ${opts.name} em ${opts.target} (waiting for ${opts.name}): ${describeError(error)}`);
      }
    }
    await sleep(delay);
    delay = Math.min(maxDelay, delay * 2);
  }
}
