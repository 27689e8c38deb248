// Rows buffered in memory and sent as batches, one batch in flight at a time, so the generator
// makes the next batch while the database writes the last one. Batches are sent in the order
// they were made. A failed batch is kept and rethrown by the next call (never an unhandled
// rejection).

export interface Batcher<T> {
  add(row: T): void;
  /** Rows waiting for the next flush. */
  buffered(): number;
  /** Rows committed so far. */
  written(): number;
  /** Sends the buffered rows once the batch before has been written. */
  flush(): Promise<void>;
  /** Sends the rest and waits until everything is written. */
  drain(): Promise<void>;
}

export function createBatcher<T>(send: (batch: T[]) => Promise<unknown>): Batcher<T> {
  let buffer: T[] = [];
  let inFlight: Promise<void> = Promise.resolve();
  let failure: Error | null = null;
  let written = 0;
  const rethrow = () => {
    if (failure) throw failure;
  };
  const batcher: Batcher<T> = {
    add: (row) => void buffer.push(row),
    buffered: () => buffer.length,
    written: () => written,
    async flush() {
      await inFlight;
      rethrow();
      if (buffer.length === 0) return;
      const batch = buffer;
      buffer = [];
      inFlight = send(batch).then(
        () => void (written += batch.length),
        (error: unknown) => void (failure = error instanceof Error ? error : new Error(String(error))),
      );
    },
    async drain() {
      await batcher.flush();
      await inFlight;
      rethrow();
    },
  };
  return batcher;
}
