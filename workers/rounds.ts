// A task run again `intervalMs` after its previous run ended, so runs never overlap; a failed run
// is logged and the next one still comes. stop() starts no other run and waits for the one in
// progress (SIGTERM drains). Timers are unref'd: they never keep a process alive on their own.
export interface Rounds {
  stop(): Promise<void>;
}

export function everyRound(intervalMs: number, run: () => Promise<unknown>, onError: (error: Error) => void): Rounds {
  let stopped = false;
  let current: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(tick, intervalMs);
    timer.unref();
  };
  const tick = () => {
    current = run()
      .catch((error: unknown) => onError(error as Error))
      .finally(() => {
        if (!stopped) schedule();
      });
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
