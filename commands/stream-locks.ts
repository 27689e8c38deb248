/**
 * One writer at a time per stream within this process. Two commands of one process that would
 * append to the same stream cannot both succeed anyway (expected versions); queueing the second
 * behind the first lets it decide on the first one's result instead of failing an append.
 * Correctness never depends on this: other processes are held off by the expected version alone.
 */
export class StreamLocks {
  private readonly tails = new Map<string, Promise<void>>();

  /** Someone in this process holds or awaits this stream. */
  busy(streamId: string): boolean {
    return this.tails.has(streamId);
  }

  /**
   * Runs fn holding every stream. The caller is queued on all of them at once, synchronously,
   * so every stream's queue follows the same global order: no two callers can wait on each other.
   */
  async run<T>(streamIds: readonly string[], fn: () => Promise<T>): Promise<T> {
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const keys = [...new Set(streamIds)];
    const before = keys.flatMap((key) => this.tails.get(key) ?? []);
    for (const key of keys) this.tails.set(key, mine);
    try {
      await Promise.all(before);
      return await fn();
    } finally {
      release();
      for (const key of keys) if (this.tails.get(key) === mine) this.tails.delete(key);
    }
  }
}
