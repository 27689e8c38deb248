import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Encodings } from './body-encoding.js';
import { SETTLE_MS, bestPass, encode } from './body-encoding.js';

// A city-like list: repetitive JSON with varied numbers, large enough to be compressed off the loop.
const cityList = (seed: number) =>
  Buffer.from(
    JSON.stringify(
      Array.from({ length: 3000 }, (_, i) => ({
        id: `H-${i}`,
        name: `Bairro ${(i * 7919 + seed) % 613}`,
        lat: -23.5 - ((i * 104729) % 99991) / 1e6,
        free: (i * 31) % 13,
      })),
    ),
  );

describe('body encodings', () => {
  it('answers quick bytes first and the best pass once the answer has stayed current', async () => {
    const input = cityList(1);
    const encodings: Encodings = new Map();
    const quick = await encode(encodings, input, 'br', 0);
    expect(brotliDecompressSync(quick).equals(input)).toBe(true);

    expect(encode(encodings, input, 'br', SETTLE_MS - 1)).toBe(quick); // not settled yet
    expect(bestPass(encodings, 'br')).toBeUndefined();

    expect(encode(encodings, input, 'br', SETTLE_MS)).toBe(quick); // this request starts the pass
    const pass = bestPass(encodings, 'br');
    expect(pass).toBeInstanceOf(Promise);
    await pass;

    const best = encode(encodings, input, 'br', SETTLE_MS + 1) as Buffer;
    expect(best.length).toBeLessThan(quick.length);
    expect(brotliDecompressSync(best).equals(input)).toBe(true);
    expect(encode(encodings, input, 'br', 10 * SETTLE_MS)).toBe(best); // final: no second pass
    expect(bestPass(encodings, 'br')).toBeUndefined();
  });

  it('runs one best pass at a time in a process, and gzip gets one too', async () => {
    const [a, b] = [cityList(2), cityList(3)];
    const first: Encodings = new Map();
    const second: Encodings = new Map();
    await encode(first, a, 'gzip', 0);
    await encode(second, b, 'gzip', 0);
    void encode(first, a, 'gzip', SETTLE_MS);
    void encode(second, b, 'gzip', SETTLE_MS); // the first pass still runs: not started
    expect(bestPass(second, 'gzip')).toBeUndefined();
    await bestPass(first, 'gzip');

    const quick = encode(second, b, 'gzip', SETTLE_MS + 1) as Buffer; // now it starts
    await bestPass(second, 'gzip');
    const best = encode(second, b, 'gzip', SETTLE_MS + 2) as Buffer;
    expect(best.length).toBeLessThanOrEqual(quick.length);
    expect(gunzipSync(best).equals(b)).toBe(true);
  });

  it('compresses a small answer at once and never again', () => {
    const input = Buffer.from(JSON.stringify({ hubs: Array.from({ length: 200 }, (_, i) => i) }));
    const encodings: Encodings = new Map();
    const bytes = encode(encodings, input, 'br', 0);
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(encode(encodings, input, 'br', 60_000)).toBe(bytes);
    expect(bestPass(encodings, 'br')).toBeUndefined();
  });
});
