// A small seeded generator (sfc32, seeded through splitmix32): the same seed gives the same city,
// ids included, so a data set can be rebuilt exactly and tests can assert on it. Not for secrets.

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** Uniform integer in [min, max]. */
  between(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** An item by weight: `[[item, weight], …]`. */
  weighted<T>(table: readonly (readonly [T, number])[]): T;
  /** A version-4-shaped UUID. */
  uuid(): string;
  /** `bytes` random bytes as lowercase hex. */
  hex(bytes: number): string;
  /** A generator of its own, from the same seed and a label: independent of what this one drew. */
  fork(label: string): Random;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** FNV-1a: turns a text seed ("cidade-1") into a number. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export function createRandom(seed: number | string): Random {
  const seedNumber = typeof seed === 'string' ? hashSeed(seed) : seed >>> 0;
  const init = splitmix32(seedNumber);
  let a = init();
  let b = init();
  let c = init();
  let d = init();
  const u32 = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i++) u32();

  const byteHex = (n: number, shift: number) => HEX[(n >>> shift) & 0xff]!;
  const word = (n: number) => byteHex(n, 24) + byteHex(n, 16) + byteHex(n, 8) + byteHex(n, 0);

  const random: Random = {
    next: () => u32() / 4294967296,
    int: (n) => Math.floor((u32() / 4294967296) * n),
    between: (min, max) => min + Math.floor((u32() / 4294967296) * (max - min + 1)),
    chance: (p) => u32() / 4294967296 < p,
    pick: (items) => items[Math.floor((u32() / 4294967296) * items.length)]!,
    weighted(table) {
      const total = table.reduce((sum, [, w]) => sum + w, 0);
      let x = (u32() / 4294967296) * total;
      for (const [item, w] of table) {
        if (x < w) return item;
        x -= w;
      }
      return table[table.length - 1]![0];
    },
    uuid() {
      const w1 = u32();
      const w2 = u32();
      const w3 = u32();
      const w4 = u32();
      const w2s = word(w2);
      const w3s = word(((w3 & 0x3fffffff) | 0x80000000) >>> 0);
      return `${word(w1)}-${w2s.slice(0, 4)}-4${w2s.slice(5, 8)}-${w3s.slice(0, 4)}-${w3s.slice(4)}${word(w4)}`;
    },
    hex(bytes) {
      let out = '';
      for (let i = 0; i < bytes; i += 4) out += word(u32());
      return out.slice(0, bytes * 2);
    },
    fork: (label) => createRandom(`${seedNumber}:${label}`),
  };
  return random;
}
