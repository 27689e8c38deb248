import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

// The compressed forms of a cached answer. The first request for an encoding gets a quick one
// (brotli 5: 6 ms for the 610 KB city list, 48 KB). A request for a large answer whose quick bytes
// are SETTLE_MS old (the answer has stayed current that long, since it is still being served)
// starts one more pass at the best setting on a pool thread (brotli 11: about 0.75 s for 36 KB, a
// quarter fewer bytes for every map that loads it), whose bytes then replace the quick ones. An
// answer that changes faster is never recompressed, and a process runs one best pass at a time,
// so churn cannot swamp the cores.

export type Encoding = 'br' | 'gzip';

interface Slot {
  bytes: Buffer | Promise<Buffer>;
  /** Made when the quick bytes were asked for; no best pass is wanted once `final`. */
  madeAtMs: number;
  final: boolean;
  upgrading?: Promise<void>;
}

export type Encodings = Map<Encoding, Slot>;

/**
 * Above this an answer is large (a city-size list): compressed off the event loop, then given the
 * best pass, which saves enough bytes to pay for itself. Below, compressed at once, once.
 */
const LARGE_BYTES = 64 * 1024;
export const SETTLE_MS = 1000;

const brotli = (quality: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
});
const QUICK = { br: brotli(5), gzip: { level: 6 } };
const BEST = { br: brotli(11), gzip: { level: 9 } };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Settings = typeof QUICK;
const compressSync = (input: Buffer, encoding: Encoding) => (encoding === 'br' ? brotliCompressSync(input, QUICK.br) : gzipSync(input, QUICK.gzip));
const compressAsync = (input: Buffer, encoding: Encoding, settings: Settings) =>
  encoding === 'br' ? brotliAsync(input, settings.br) : gzipAsync(input, settings.gzip);

let bestPassRunning = false;

/** The body's bytes in an encoding (a promise while a large body is first compressed). */
export function encode(encodings: Encodings, input: Buffer, encoding: Encoding, nowMs = performance.now()): Buffer | Promise<Buffer> {
  const known = encodings.get(encoding);
  if (known) {
    // Asked for now, so still current: settled once it has been so for SETTLE_MS.
    if (!known.final && nowMs - known.madeAtMs >= SETTLE_MS) startBestPass(input, encoding, known);
    return known.bytes;
  }
  if (input.length <= LARGE_BYTES) {
    const bytes = compressSync(input, encoding);
    encodings.set(encoding, { bytes, madeAtMs: nowMs, final: true });
    return bytes;
  }
  const pending = compressAsync(input, encoding, QUICK);
  const slot: Slot = { bytes: pending, madeAtMs: nowMs, final: false };
  encodings.set(encoding, slot);
  pending.then(
    (bytes) => void (slot.bytes = bytes),
    () => encodings.delete(encoding),
  );
  return pending;
}

function startBestPass(input: Buffer, encoding: Encoding, slot: Slot): void {
  if (slot.upgrading || bestPassRunning || slot.bytes instanceof Promise) return;
  bestPassRunning = true;
  const quick = slot.bytes;
  slot.upgrading = compressAsync(input, encoding, BEST)
    .then((bytes) => {
      if (bytes.length < quick.length) slot.bytes = bytes;
      slot.final = true;
    })
    .catch(() => {
      // The quick bytes stay; a later request tries again.
    })
    .finally(() => {
      bestPassRunning = false;
      slot.upgrading = undefined;
    });
}

/** The best pass under way for an encoding, if any (for tests to wait on). */
export const bestPass = (encodings: Encodings, encoding: Encoding): Promise<void> | undefined => encodings.get(encoding)?.upgrading;
