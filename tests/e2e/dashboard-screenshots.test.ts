import { describe, it } from 'vitest';
import { VIEWPORTS, screenshot } from './support/browser.js';
import { checkPage } from './support/layout.js';
import { apiBookPaid, apiLogin, nextHours, signInPage } from './support/session.js';
import { useServerAndBrowser } from './support/suite.js';

// Screenshots of the admin screens at 390 px and 1280 px, each also checked with axe (and for
// sideways scrolling at 390 px). Written to test-results/screenshots/; `npm run screenshots`
// refreshes the committed set in docs/screenshots/.
describe('screenshots of the dashboard', () => {
  const suite = useServerAndBrowser();

  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    it(`renders the dashboard home, Hub list, Hub form, Hub detail and locker history at ${viewport.width} px (${label})`, async () => {
      const base = suite.server.baseUrl;
      const admin = await apiLogin(base, 'admin@hub.dev', 'admin123');
      const renter = await apiLogin(base, 'cliente@hub.dev', 'cliente123');
      const hub = (await (await fetch(`${base}/api/hubs/BH-01`, { headers: { authorization: `Bearer ${admin.token}` } })).json()) as {
        lockers: { id: string; size: string }[];
      };
      const locker = hub.lockers.find((l) => l.size === 'M')!;
      // A booking, so the charts, the detail and the history have something to show.
      await apiBookPaid(base, renter.token, { hub_id: 'BH-01', size: 'M', ...nextHours(2, viewport.width === 390 ? 3 : 7) });

      const context = await suite.browser.newContext({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
      const page = await context.newPage();
      await signInPage(page, base, admin);

      await page.goto(`${base}/dashboard`);
      await page.getByRole('heading', { name: 'Painel de Controle' }).waitFor();
      await page.getByText('Online').first().waitFor();
      await page.locator('.recharts-surface').first().waitFor();
      await checkPage(page, 'Painel de Controle');
      await screenshot(page, 'dashboard-home');

      await page.goto(`${base}/dashboard/hubs`);
      await page
        .getByRole('cell', { name: /Savassi/ })
        .first()
        .waitFor();
      await checkPage(page, 'Hubs');
      await screenshot(page, 'dashboard-hubs');

      await page.goto(`${base}/dashboard/hubs/new/form`);
      await page.getByRole('button', { name: 'Criar Hub' }).click();
      await page.getByText('Por favor, preencha todos os campos obrigatórios.').first().waitFor();
      await checkPage(page, 'Formulário do Hub');
      await screenshot(page, 'dashboard-hub-form');

      await page.goto(`${base}/dashboard/hubs/BH-01`);
      await page.getByRole('tab', { name: 'Lockers' }).click();
      await page
        .getByRole('button', { name: /Marcar como Inativo: locker/ })
        .first()
        .waitFor();
      await checkPage(page, 'Hub (admin)');
      await screenshot(page, 'dashboard-hub-detail');

      await page.goto(`${base}/dashboard/hubs/BH-01/lockers/${locker.id}/history`);
      await page.getByRole('listitem').filter({ hasText: renter.user.name }).first().waitFor({ timeout: 10_000 });
      await checkPage(page, 'Histórico do locker');
      await screenshot(page, 'dashboard-locker-history');
      await context.close();
    }, 120_000);
  }
});
