/// <reference lib="dom" />
// axe-core inside the page under test: zero serious or critical violations on every page state the
// browser tests visit. page.evaluate runs the script through the DevTools protocol, so the app's
// CSP (script-src 'self') stays in force; a <script> tag from addScriptTag would be refused by it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const BLOCKING = new Set(['serious', 'critical']);

/** One line per failing node: rule id, impact, target selector and axe's summary. */
export function describeViolations(violations: Result[]): string {
  return violations
    .flatMap((v) => v.nodes.map((n) => `- ${v.id} (${v.impact}) ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ').trim() ?? v.help}`))
    .join('\n');
}

/**
 * Lets finite CSS animations and transitions (a toast fading in, a sheet sliding) end first:
 * half-transparent text mid-fade is not what people read. Endless ones (spinners) are left alone.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
}

/** Runs axe on the page as it is now; throws with a readable list when a serious or critical rule fails. */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  await settleAnimations(page);
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  const blocking = results.violations.filter((v) => v.impact && BLOCKING.has(v.impact));
  if (blocking.length) throw new Error(`axe: serious/critical violations on ${state} (${page.url()}):\n${describeViolations(blocking)}`);
}
