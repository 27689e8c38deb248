// Issue 28 item 7 in the browser: the profile's channel switches (saved on the server), and the
// header's bell, which shows a reminder's unread count live (Socket.IO, no reload) when the
// reservation's reminder goes 30 minutes before its end, lists it, and opens the reservation's
// access page with the extension asked for. The Hub process sends it (all-in-one's workers).
// Push is offered (VAPID keys set) but never subscribed: that would reach a real push service.
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { VIEWPORTS, screenshot } from './support/browser.js';
import { checkPage, settledToast } from './support/layout.js';
import { apiBookPaid, apiRegister, signInPage } from './support/session.js';
import { useServerAndBrowser } from './support/suite.js';

const vapid = webpush.generateVAPIDKeys();
const context = { locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' } as const;

describe('notifications: channel switches and the bell', () => {
  const suite = useServerAndBrowser({ env: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey } });

  it('turns e-mail off and on in the profile; the bell shows the reminder live and opens the extension', async () => {
    const base = suite.server.baseUrl;
    const renter = await apiRegister(base, 'Bia Lembrete');
    const browserContext = await suite.browser.newContext({ ...context, viewport: VIEWPORTS.desktop });
    const page = await browserContext.newPage();
    // Console errors, but for the favicon.ico the sign-in step's SVG page makes the browser ask for.
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    page.on('console', (m) => void (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico') && errors.push(`${m.text()} ${m.location().url}`)));
    await signInPage(page, base, renter);
    await page.goto(`${base}/profile`);

    const prefs = page.getByTestId('notification-preferences');
    const email = prefs.getByRole('switch', { name: 'E-mail' });
    await email.waitFor();
    expect(await email.getAttribute('aria-checked')).toBe('true');
    expect(await prefs.getByRole('switch', { name: 'No app' }).getAttribute('aria-checked')).toBe('true');
    await checkPage(page, 'Perfil com notificações');
    await screenshot(page, 'profile-notifications');
    await email.click();
    await settledToast(page, 'Aviso desligado.');
    expect(await email.getAttribute('aria-checked')).toBe('false');
    const saved = await fetch(`${base}/api/notification-preferences`, { headers: { authorization: `Bearer ${renter.token}` } });
    expect(await saved.json()).toMatchObject({ email: false, in_app: true, push_available: true });
    // Keyboard: the switch takes Space.
    await email.focus();
    await page.keyboard.press('Space');
    await settledToast(page, 'Aviso ligado.');
    expect(await email.getAttribute('aria-checked')).toBe('true');

    // No notices yet: the bell has no count; its menu says so.
    const bell = page.getByTestId('notification-bell');
    await bell.click();
    await page.getByText('Nenhuma notificação.').waitFor();
    await page.keyboard.press('Escape');

    // A paid reservation ending in 30 minutes and a few seconds: its reminder goes within seconds,
    // and the open page shows it without a reload.
    await page.getByText('Aviso ligado.').waitFor({ state: 'detached', timeout: 15_000 });
    const now = Date.now();
    const booked = await apiBookPaid(base, renter.token, {
      hub_id: 'SP-01',
      size: 'P',
      start_time: new Date(now - 60_000).toISOString(),
      end_time: new Date(now + 30 * 60_000 + 3_000).toISOString(),
    });
    await page.getByTestId('notification-count').filter({ hasText: '1' }).waitFor({ timeout: 30_000 });
    expect(await bell.getAttribute('aria-label')).toBe('Notificações: 1 não lida');
    await bell.click();
    const item = page.getByRole('menuitem', { name: /Sua reserva está terminando/ });
    await item.waitFor();
    expect(await item.textContent()).toMatch(/termina em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await checkPage(page, 'Menu de notificações');
    await screenshot(page, 'notifications-menu');
    await item.click();
    await page.waitForURL(`**/access/${booked.id}?estender=1`);
    // The reminder's link opens the extension dialog by itself.
    await page.getByTestId('extend-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('extend-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('notification-count').waitFor({ state: 'detached' });
    expect(await bell.getAttribute('aria-label')).toBe('Notificações');
    expect(errors).toEqual([]);
    await browserContext.close();
  }, 90_000);

  it('on a 390 px phone the bell sits beside the menu, and the profile stays within the screen', async () => {
    const base = suite.server.baseUrl;
    const renter = await apiRegister(base, 'Caio Celular');
    const phone = await suite.browser.newContext({ ...context, viewport: VIEWPORTS.mobile, isMobile: true, hasTouch: true });
    const page = await phone.newPage();
    await signInPage(page, base, renter);
    await page.goto(`${base}/profile`);
    await page.getByTestId('notification-preferences').getByRole('switch', { name: 'No app' }).waitFor();
    await page.getByTestId('notification-bell').waitFor();
    await page.getByRole('button', { name: 'Abrir menu' }).waitFor();
    await checkPage(page, 'Perfil com notificações (390 px)');
    await screenshot(page, 'profile-notifications');
    await phone.close();
  }, 60_000);
});
