import { timingSafeEqual } from 'node:crypto';
import type { Registry } from 'prom-client';
import { processRegistry } from './registry.js';

export { processRegistry };
export const METRICS_CONTENT_TYPE = processRegistry.contentType;

/** The text Prometheus scrapes: the process's series, then the app's collected ones. */
export async function renderMetrics(collected?: Registry): Promise<string> {
  const own = await processRegistry.metrics();
  return collected ? `${own}\n${await collected.metrics()}` : own;
}

/**
 * Whether a bearer token is the Prometheus one (METRICS_TOKEN), compared in constant time.
 * No METRICS_TOKEN: no token passes (only an admin session, on the API).
 */
export function isMetricsToken(given: string | null | undefined, expected = process.env.METRICS_TOKEN): boolean {
  if (!expected || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
