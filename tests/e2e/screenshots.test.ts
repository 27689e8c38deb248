import { describe, expect, it } from 'vitest';
import { VIEWPORTS, screenshot } from './support/browser.js';
import { checkPage } from './support/layout.js';
import { useServerAndBrowser } from './support/suite.js';
import { apiBook, apiLogin, nextHours, signInPage } from './support/session.js';

// Screenshots of the renter's screens at 390 px and 1280 px, each also checked with axe (and for
// sideways scrolling at 390 px). Written to test-results/screenshots/; UPDATE_SCREENSHOTS=1
// refreshes the committed set in docs/screenshots/.
describe('screenshots of the renter screens', () => {
  const suite = useServerAndBrowser();

  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    it(`renders Home, Hub detail, checkout and access at ${viewport.width} px (${label})`, async () => {
      const context = await suite.browser.newContext({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
      const page = await context.newPage();
      const login = await apiLogin(suite.server.baseUrl, 'cliente@hub.dev', 'cliente123');

      await page.goto(`${suite.server.baseUrl}/`);
      await page.getByRole('heading', { name: 'Encontre um Hub' }).waitFor();
      await page
        .getByRole('button', { name: 'Adicionar API Key' })
        .or(page.getByText('Nenhum Hub disponível'))
        .or(page.locator('[data-testid="map-fallback"]'))
        .first()
        .waitFor({ timeout: 10_000 });
      await checkPage(page, 'Home, Mapa');
      await screenshot(page, 'home-map');
      await page.getByRole('tab', { name: 'Lista' }).click();
      await page.getByTestId('hub-card').first().waitFor();
      await checkPage(page, 'Home, Lista');
      await screenshot(page, 'home-list');

      await signInPage(page, suite.server.baseUrl, login);
      await page.goto(`${suite.server.baseUrl}/hubs/BH-01`);
      await page.getByTestId('size-card-P').waitFor();
      await checkPage(page, 'Hub');
      await screenshot(page, 'hub-detail');

      // From now (a code exists only inside the reservation's window); later, the 'not yet' state.
      const from = Math.floor(Date.now() / 60_000) * 60_000;
      const pending = await apiBook(suite.server.baseUrl, login.token, {
        hub_id: 'BH-01',
        size: 'G',
        start_time: new Date(from).toISOString(),
        end_time: new Date(from + 3 * 3_600_000).toISOString(),
      });
      await page.goto(`${suite.server.baseUrl}/checkout/${pending.id}`);
      await page.getByRole('button', { name: /^Pagar/ }).waitFor();
      await checkPage(page, 'Checkout');
      await screenshot(page, 'checkout');

      await page.getByRole('button', { name: /^Pagar/ }).click();
      await page.waitForURL(`**/access/${pending.id}`, { timeout: 10_000 });
      await expect.poll(async () => (await page.getByTestId('access-code').textContent())?.trim(), { timeout: 10_000 }).toMatch(/^\d{3} \d{3}$/);
      await checkPage(page, 'Acesso');
      await screenshot(page, 'access');

      const later = await apiBook(suite.server.baseUrl, login.token, { hub_id: 'BH-01', size: 'M', ...nextHours(2, viewport.width === 390 ? 3 : 7) });
      await page.goto(`${suite.server.baseUrl}/checkout/${later.id}`);
      await page.getByRole('button', { name: /^Pagar/ }).click();
      await page.waitForURL(`**/access/${later.id}`, { timeout: 10_000 });
      await page.getByTestId('access-not-yet').waitFor({ timeout: 10_000 });
      await checkPage(page, 'Acesso, antes da reserva');
      await screenshot(page, 'access-not-yet');
      // Cancelled again: the demo renter holds at most 5 active reservations.
      const cancelled = await fetch(`${suite.server.baseUrl}/api/reservations/${later.id}/cancel`, {
        method: 'POST',
        headers: { authorization: `Bearer ${login.token}` },
      });
      expect(cancelled.status).toBe(200);

      // A reservation in its window, opened from the profile ('final' mode), then left for pickup.
      const start = Math.floor(Date.now() / 60_000) * 60_000;
      const now = await apiBook(suite.server.baseUrl, login.token, {
        hub_id: 'BH-01',
        size: 'P',
        start_time: new Date(start).toISOString(),
        end_time: new Date(start + 3_600_000).toISOString(),
      });
      const paid = await fetch(`${suite.server.baseUrl}/api/reservations/${now.id}/pay`, {
        method: 'POST',
        headers: { authorization: `Bearer ${login.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ method: 'pix' }),
      });
      expect(paid.status).toBe(200);
      await page.goto(`${suite.server.baseUrl}/access/${now.id}?mode=final`);
      await page.getByTestId('final-warning').waitFor();
      await expect.poll(async () => (await page.getByTestId('access-code').textContent())?.trim(), { timeout: 10_000 }).toMatch(/^\d{3} \d{3}$/);
      await checkPage(page, 'Acesso, modo final');
      await screenshot(page, 'access-final');
      await page.getByRole('button', { name: 'Deixar para coleta' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Deixar para coleta' }).click();
      await page.getByTestId('awaiting-pickup').waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await checkPage(page, 'Acesso, aguardando coleta');
      await screenshot(page, 'access-awaiting-pickup');
      await context.close();
    }, 90_000);
  }
});
