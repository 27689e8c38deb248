/// <reference lib="dom" />
// Issue 29 item 6 in the browser: the renter's code opened the door (the signed validate route,
// as the Hub's controller calls it), the door did not open, and from the access page 'A porta não
// abriu' moves them to another locker with a new code, shown clearly. Keyboard only, at 390 and
// 1280 px, with axe on the dialog and the outcome, and screenshots of both.
import { randomUUID } from 'node:crypto';
import { describe, it } from 'vitest';
import { signedHeaders } from '../../api/controller/controller-signature.js';
import { VIEWPORTS, screenshot } from './support/browser.js';
import { checkPage } from './support/layout.js';
import { useServerAndBrowser } from './support/suite.js';
import { apiBookPaid, apiRegister, signInPage } from './support/session.js';

const MINUTE = 60_000;

describe("'A porta não abriu' on the access page", () => {
  const suite = useServerAndBrowser();

  /** The Hub's controller typing the code: signed with the demo Hub's published key. */
  async function openDoor(hubId: string, code: string) {
    const path = `/api/otp/validate/${hubId}`;
    const raw = JSON.stringify({ code, request_id: randomUUID() });
    const res = await fetch(`${suite.server.baseUrl}${path}`, {
      method: 'POST',
      headers: signedHeaders(`${hubId.replace('-', '')}DEMO00`, path, raw, Date.now()),
      body: raw,
    });
    return { status: res.status, body: (await res.json()) as { lockerOrder?: number } };
  }

  for (const [label, viewport, hubId] of [
    ['mobile', VIEWPORTS.mobile, 'SP-02'],
    ['desktop', VIEWPORTS.desktop, 'SP-03'],
  ] as const) {
    it(`the renter reports it and is moved to another locker with a new code (${label})`, async ({ expect }) => {
      const base = suite.server.baseUrl;
      const login = await apiRegister(base, `Porta ${label}`);
      const now = Math.floor(Date.now() / MINUTE) * MINUTE;
      const booked = (await apiBookPaid(base, login.token, {
        hub_id: hubId,
        size: 'M',
        start_time: new Date(now).toISOString(),
        end_time: new Date(now + 60 * MINUTE).toISOString(),
      })) as { id: string; access_code?: string | null };
      expect(booked.access_code).toMatch(/^\d{6}$/);

      const page = await suite.browser.newPage({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
      await signInPage(page, base, login);
      // Before the code opened anything, nothing to report.
      await page.goto(`${base}/access/${booked.id}`);
      await page.getByTestId('access-countdown').waitFor();
      expect(await page.getByTestId('door-failed-open').count()).toBe(0);
      // The code the page shows (the server's rotated one) is what the renter types.
      const typed = ((await page.getByTestId('access-code').textContent()) ?? '').replace(/\D/g, '');
      expect(typed).toMatch(/^\d{6}$/);

      const opened = await openDoor(hubId, typed);
      expect(opened.status).toBe(200);
      const firstLocker = opened.body.lockerOrder!;
      await page.reload();
      const button = page.getByRole('button', { name: 'A porta não abriu' });
      await button.waitFor({ timeout: 10_000 });

      // Keyboard: focus the button, Enter opens the confirmation, which starts on 'Cancelar'.
      await button.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('alertdialog');
      await dialog.getByRole('heading', { name: 'A porta não abriu?' }).waitFor();
      expect(await dialog.textContent()).toContain(`tirar o locker Nº ${String(firstLocker).padStart(2, '0')} de uso`);
      expect(await dialog.textContent()).toContain('Você não paga nada a mais.');
      await checkPage(page, `Confirmação 'A porta não abriu' (${label})`);
      await screenshot(page, 'door-failed-confirm');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Avisar e trocar de locker');
      await page.keyboard.press('Enter');

      const outcome = page.getByTestId('door-failed-outcome');
      await outcome.waitFor({ timeout: 15_000 });
      const text = (await outcome.textContent()) ?? '';
      const moved = /Mudamos você para o locker (\d{2})\. Use o novo código\./.exec(text);
      expect(moved, text).not.toBeNull();
      expect(Number(moved![1])).not.toBe(firstLocker);
      const newCode = ((await page.getByTestId('door-failed-code').textContent()) ?? '').trim();
      expect(newCode).toMatch(/^\d{6}$/);
      expect(newCode).not.toBe(typed);
      expect(await dialog.count()).toBe(0);
      // The page follows: the header names the new locker and the code card shows the new code.
      await page.getByText(`Locker Nº ${moved![1]}`).first().waitFor();
      await expect.poll(async () => (await page.getByTestId('access-code').textContent())?.replace(/\D/g, ''), { timeout: 10_000 }).toBe(newCode);
      await checkPage(page, `Mudança de locker (${label})`);
      await screenshot(page, 'door-failed-moved');

      // The new code opens the new door; the old one opens nothing.
      expect((await openDoor(hubId, typed)).status).toBe(403);
      const reopened = await openDoor(hubId, newCode);
      expect(reopened.status).toBe(200);
      expect(reopened.body.lockerOrder).toBe(Number(moved![1]));
      await page.close();
    }, 90_000);
  }
});
