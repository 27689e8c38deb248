// The history's opaque cursor: the key (at, tx, seq, part) of the last entry of a page, as
// base64url JSON. Pages continue strictly after it, so none repeats or skips an entry.

import type { HistoryKey } from '../../projections/history/queries.js';

export type { HistoryKey };

export const encodeCursor = (key: HistoryKey) => Buffer.from(JSON.stringify([key.at, key.tx, key.seq, key.part])).toString('base64url');

const DIGITS = /^\d{1,19}$/;

/** The key a cursor names, or null when it is not one this API made. */
export function decodeCursor(cursor: string): HistoryKey | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 4) return null;
  const [at, tx, seq, part] = value as unknown[];
  if (typeof at !== 'string' || Number.isNaN(Date.parse(at)) || typeof tx !== 'string' || typeof seq !== 'string') return null;
  if (!DIGITS.test(tx) || !DIGITS.test(seq) || typeof part !== 'number' || !Number.isInteger(part) || part < 0 || part > 9) return null;
  return { at: new Date(at).toISOString(), tx, seq, part };
}
