/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Locator, Page } from 'playwright-core';
import { expectAccessible } from './axe.js';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** No page may scroll sideways: its document is no wider than the screen. */
export async function expectNoHorizontalScroll(page: Page, state: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  if (scrollWidth > innerWidth) throw new Error(`${state} (${page.url()}) is ${scrollWidth} px wide on a ${innerWidth} px screen`);
}

/** axe on the page as it is, plus, on a phone-sized screen, no sideways scrolling. */
export async function checkPage(page: Page, state: string): Promise<void> {
  await expectAccessible(page, state);
  if ((page.viewportSize()?.width ?? 1280) <= 430) await expectNoHorizontalScroll(page, state);
}

/** The page has stopped scrolling: the scroll position is the same over 200 ms. */
async function scrollSettled(page: Page): Promise<void> {
  let last = '';
  for (let i = 0; i < 50; i++) {
    const now = await page.evaluate(() => `${window.scrollX},${window.scrollY}`);
    if (now === last) return;
    last = now;
    await page.waitForTimeout(200);
  }
}

/**
 * The element's box lies wholly inside the viewport once any smooth scroll has finished (a scroll
 * still running when the test moves on would race the next one).
 */
export async function expectInViewport(page: Page, locator: Locator, timeout = 5000): Promise<void> {
  const viewport = page.viewportSize()!;
  const deadline = Date.now() + timeout;
  for (;;) {
    await scrollSettled(page);
    const box = await locator.boundingBox();
    if (box && box.y >= 0 && box.x >= 0 && box.y + box.height <= viewport.height && box.x + box.width <= viewport.width) return;
    if (Date.now() > deadline) throw new Error(`not inside the ${viewport.width}×${viewport.height} viewport: ${JSON.stringify(box)}`);
    await page.waitForTimeout(100);
  }
}

/** A sonner toast with this text, once it has finished sliding and fading in. */
export async function settledToast(page: Page, text: string): Promise<Locator> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await toast.waitFor();
  let last = '';
  for (let i = 0; i < 40; i++) {
    const state = await toast.evaluate((el) => `${getComputedStyle(el).opacity}|${JSON.stringify(el.getBoundingClientRect())}`);
    if (state === last && state.startsWith('1|')) return toast;
    last = state;
    await page.waitForTimeout(100);
  }
  throw new Error(`toast '${text}' never settled: ${last}`);
}
