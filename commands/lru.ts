/**
 * A map that keeps at most `max` entries, dropping the least recently used: a per-process cache
 * of a city's streams must not grow with the number of Hubs, renters and days it has seen.
 * Map keeps insertion order, so re-inserting on use makes the first key the oldest.
 */
export class Lru<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly max: number) {
    if (!(max >= 1)) throw new RangeError('Lru: max must be at least 1');
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as K);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
