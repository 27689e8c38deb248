/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
// The home page's list tab a page of 12 cards at a time (issue 31), in the no-key mode the tests
// run in (the whole list: docs/architecture.md, "The map by visible area"). The area the
// Google map asks for is covered by tests/integration/api-hubs-viewport.test.ts.
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, watchErrors } from './support/browser.js';
import { checkPage } from './support/layout.js';
import { apiLogin } from './support/session.js';
import { useServerAndBrowser } from './support/suite.js';

const EXTRA_HUBS = 9;

describe('home page list tab, by pages', () => {
  const suite = useServerAndBrowser();

  it('shows 12 cards a page, moves between pages and keeps every Hub reachable', async () => {
    const base = suite.server.baseUrl;
    const admin = await apiLogin(base, 'admin@hub.dev', 'admin123');
    for (let i = 0; i < EXTRA_HUBS; i++) {
      const id = `PG-${String(i).padStart(2, '0')}`;
      const res = await fetch(`${base}/api/hubs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
        body: JSON.stringify({
          id,
          name: `Página ${i}`,
          address: `Rua das Páginas, ${i + 1}`,
          zipcode: '01310-100',
          city: 'São Paulo',
          state: 'SP',
          location: { latitude: -23.56 + i / 1000, longitude: -46.65 },
          lockers: [{ size: 'P', type: 'GMV', price_per_hour: 5 }],
        }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const listed = (await (await fetch(`${base}/api/hubs`)).json()) as { id: string }[];
    expect(listed.length).toBeGreaterThan(12);

    const page = await suite.browser.newPage({ viewport: VIEWPORTS.desktop, locale: 'pt-BR' });
    const errors = watchErrors(page);
    await page.goto(`${base}/?visao=lista`);
    const pages = page.getByRole('navigation', { name: 'Páginas de Hubs' });
    await pages.getByText(`Página 1 de 2 · ${listed.length} Hubs`).waitFor();
    expect(await page.getByTestId('hub-card').count()).toBe(12);
    await checkPage(page, 'Home, Lista, página 1');

    const seen = new Set(await page.getByTestId('hub-card').getByRole('heading').allTextContents());
    await pages.getByRole('button', { name: 'Próxima' }).click();
    await pages.getByText('Página 2 de 2').waitFor();
    expect(await page.getByTestId('hub-card').count()).toBe(listed.length - 12);
    expect(await pages.getByRole('button', { name: 'Próxima' }).isDisabled()).toBe(true);
    for (const name of await page.getByTestId('hub-card').getByRole('heading').allTextContents()) seen.add(name);
    expect(seen.size).toBe(listed.length);

    await pages.getByRole('button', { name: 'Anterior' }).click();
    await pages.getByText('Página 1 de 2').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
