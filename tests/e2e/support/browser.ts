// Debian's Chromium driven by playwright-core: nothing is downloaded, nothing leaves the machine.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

// Screenshots go to the git-ignored test-results/ so a test run leaves the tree clean; the
// committed set in docs/screenshots/ is refreshed on purpose with UPDATE_SCREENSHOTS=1.
export const SCREENSHOT_DIR = fileURLToPath(
  new URL(process.env.UPDATE_SCREENSHOTS === '1' ? '../../../docs/screenshots/' : '../../../test-results/screenshots/', import.meta.url),
);

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export const VIEWPORTS = { mobile: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

/** Saves a full-page screenshot as {SCREENSHOT_DIR}/{name}-{width}.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const path = `${SCREENSHOT_DIR}${name}-${width}.png`;
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Fails the test on any uncaught page error, and collects console errors for assertions. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}
