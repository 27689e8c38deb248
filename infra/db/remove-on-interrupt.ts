// A signal (Ctrl-C, SIGTERM, a closed terminal) ends Node without running `finally` blocks, so a
// folder being built would stay behind half made. While it is registered, such a signal removes
// the folders first and then ends the process as the signal would have.
import { rmSync } from 'node:fs';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Removes `paths` if the process is interrupted before the returned release is called. */
export function removeOnInterrupt(paths: string[]): () => void {
  const handlers = SIGNALS.map((signal) => {
    const handler = () => {
      release();
      for (const path of paths) rmSync(path, { recursive: true, force: true });
      // Someone else handling the signal (a server's drain) decides what happens next; else it ends us.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    };
    process.on(signal, handler);
    return { signal, handler };
  });
  function release() {
    for (const { signal, handler } of handlers) process.off(signal, handler);
  }
  return release;
}
