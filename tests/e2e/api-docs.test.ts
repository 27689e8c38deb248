/// <reference lib="dom" />
// The API reference an integrator opens: /api/docs renders the OpenAPI document in Chromium,
// under Hub's own Content-Security-Policy, without a single console error (a blocked script or
// style would print one) and without asking any other host for anything. Every tag is drawn as
// the page scrolls (Swagger UI virtualizes a list this long).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, watchErrors } from './support/browser.js';
import { useServerAndBrowser } from './support/suite.js';

/**
 * Swagger UI draws a long list (150 tags and operations or more) virtualized: only what is near
 * the screen is in the page. Scrolls down a screen at a time until the element is drawn.
 */
async function scrollUntilDrawn(page: Page, target: Locator) {
  for (;;) {
    try {
      await target.waitFor({ timeout: 3_000 });
      return;
    } catch {
      const moved = await page.evaluate(() => {
        const before = window.scrollY;
        window.scrollBy(0, window.innerHeight);
        return window.scrollY > before;
      });
      if (!moved) throw new Error(`not drawn anywhere on the page: ${target.toString()}`);
    }
  }
}

describe('the API reference at /api/docs', () => {
  const suite = useServerAndBrowser();

  it('shows every tag of the document and an operation’s details, with 0 console errors', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'pt-BR' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const elsewhere: string[] = [];
    page.on('request', (request) => void (new URL(request.url()).origin !== suite.server.baseUrl && elsewhere.push(request.url())));

    const response = await page.goto(`${suite.server.baseUrl}/api/docs`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByText('Hub API').first().waitFor({ timeout: 20_000 });

    const document = (await (await fetch(`${suite.server.baseUrl}/api/openapi.json`)).json()) as { tags: Array<{ name: string }> };
    for (const tag of document.tags) await scrollUntilDrawn(page, page.locator('.opblock-tag', { hasText: tag.name }).first());

    // Open the Hub detail: its parameters and its answers are there.
    await page.evaluate(() => window.scrollTo(0, 0));
    await scrollUntilDrawn(page, page.locator('.opblock-summary-path', { hasText: '/api/hubs/{id}' }).first());
    await page.locator('.opblock-summary-path', { hasText: '/api/hubs/{id}' }).first().click();
    await page.getByText('Hub não encontrado').first().waitFor();

    expect(errors).toEqual([]);
    expect(elsewhere).toEqual([]);
    await context.close();
  }, 60_000);
});
