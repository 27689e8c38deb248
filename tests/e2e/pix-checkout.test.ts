/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
// Issue 28: the PIX checkout against the local PSP stand-in over mTLS (the Hub server runs with
// PIX_API_URL pointing at it). The QR image is read back from the page with a QR decoder (jsQR)
// and must equal the copia e cola; the PSP's webhook turns the page to 'Pagamento confirmado!' by
// itself. Screenshots at 390 and 1280 px, axe 0 serious/critical (checkPage).
import { pixTxidOf } from '../../domain/payments/pix-facts.js';
import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PixPsp } from '../support/pix-psp/pix-psp-server.js';
import { startPixPsp } from '../support/pix-psp/pix-psp-server.js';
import { makeTestCerts } from '../support/pix-psp/test-certs.js';
import { tempDirs } from '../support/temp-dirs.js';
import { VIEWPORTS, launchBrowser, screenshot } from './support/browser.js';
import { checkPage } from './support/layout.js';
import type { HubServer } from './support/server.js';
import { startHubServer } from './support/server.js';
import { apiBook, apiRegister, nextHours, signInPage } from './support/session.js';

const SECRET = 'e2e-webhook-secret-0123456789abcdef';
const dirs = tempDirs();
let psp: PixPsp;
let server: HubServer;
let browser: Browser;

beforeAll(async () => {
  const certs = makeTestCerts(dirs.make('hub-e2e-pix-certs-'));
  psp = await startPixPsp(certs);
  [server, browser] = await Promise.all([
    startHubServer({
      env: {
        PIX_API_URL: psp.url,
        PIX_CLIENT_ID: psp.clientId,
        PIX_CLIENT_SECRET: psp.clientSecret,
        PIX_CERT_FILE: certs.clientCertFile,
        PIX_KEY_FILE: certs.clientKeyFile,
        PIX_CA_FILE: certs.caFile,
        PIX_KEY: 'pix@hub.example',
        PIX_MERCHANT_NAME: 'Hub Lockers',
        PIX_MERCHANT_CITY: 'São Paulo',
        PIX_WEBHOOK_SECRET: SECRET,
      },
    }),
    launchBrowser(),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await psp?.close();
  dirs.removeAll();
});

/** The QR image as the page shows it, decoded: its pixels drawn on a canvas in the page, read by jsQR here. */
async function scanQr(page: Page): Promise<string | null> {
  const image = await page.getByTestId('pix-qr').evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    return { width: canvas.width, height: canvas.height, data: Array.from(ctx.getImageData(0, 0, canvas.width, canvas.height).data) };
  });
  return jsQR(Uint8ClampedArray.from(image.data), image.width, image.height)?.data ?? null;
}

describe('PIX checkout with a PSP', () => {
  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows a scannable BR Code and turns to 'Pagamento confirmado!' on the webhook (${viewport.width} px, ${label})`, async () => {
      const base = server.baseUrl;
      const login = await apiRegister(base, `Pix ${label}`);
      const page = await browser.newPage({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
      await signInPage(page, base, login);
      const booked = (await apiBook(base, login.token, { hub_id: 'BH-01', size: 'P', ...nextHours(2, label === 'mobile' ? 4 : 9) })) as Awaited<
        ReturnType<typeof apiBook>
      > & { payment: { brcode: string; txid: string } };
      expect(booked.payment).toMatchObject({ txid: expect.any(String), brcode: expect.stringMatching(/^000201/) });

      await page.goto(`${base}/checkout/${booked.id}`);
      await page.getByTestId('pix-qr').waitFor();
      const copiaECola = await page.getByTestId('pix-copia-e-cola').inputValue();
      expect(copiaECola).toBe(booked.payment.brcode);
      expect(await scanQr(page)).toBe(copiaECola);
      // A real PSP: PIX only, no test mark, "Já paguei".
      expect(await page.getByTestId('pix-test-mark').count()).toBe(0);
      expect(await page.getByRole('tab', { name: /Cartão/ }).count()).toBe(0);
      await page.getByRole('button', { name: 'Já paguei' }).waitFor();
      await page.getByTestId('payment-countdown').waitFor();
      await checkPage(page, 'Checkout PIX');
      await screenshot(page, 'pix-checkout');

      // The payer's bank pays; the PSP notifies Hub (through the proxy that adds the secret).
      const pix = psp.pay(booked.payment.txid);
      const notified = await fetch(`${base}/api/payments/pix/webhook/pix`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-pix-webhook-secret': SECRET },
        body: JSON.stringify(psp.webhookBody(pix)),
      });
      expect(notified.status).toBe(200);
      await page.getByText('Pagamento confirmado!').first().waitFor({ timeout: 15_000 });
      await checkPage(page, 'Checkout PIX pago');
      await page.close();
    }, 90_000);
  }

  it("extends a paid booking by PIX: the extension's QR, then the new end once the PSP confirms it", async () => {
    const base = server.baseUrl;
    const login = await apiRegister(base, 'Pix Extensao');
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    await signInPage(page, base, login);
    const booked = (await apiBook(base, login.token, { hub_id: 'BH-01', size: 'P', ...nextHours(2, 14) })) as Awaited<ReturnType<typeof apiBook>> & {
      payment: { txid: string };
    };
    const notify = (pix: ReturnType<PixPsp['pay']>) =>
      fetch(`${base}/api/payments/pix/webhook/pix`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-pix-webhook-secret': SECRET },
        body: JSON.stringify(psp.webhookBody(pix)),
      });
    expect((await notify(psp.pay(booked.payment.txid))).status).toBe(200);

    await page.goto(`${base}/access/${booked.id}`);
    await page.getByTestId('extend-open').click();
    await page.getByTestId('extend-price').waitFor();
    // Only PIX with a real PSP, and no "simulated" note.
    expect(await page.getByText('Cartão de crédito').count()).toBe(0);
    expect(await page.getByText('Pagamento simulado').count()).toBe(0);
    await page.getByTestId('extend-confirm').click();
    await page.getByTestId('extension-pix').getByTestId('pix-qr').waitFor();
    expect(await page.locator('#extension-pix-code').inputValue()).toMatch(/^000201/);

    expect((await notify(psp.pay(pixTxidOf(booked.id, 2)))).status).toBe(200);
    await page
      .getByText(/Reserva estendida até/)
      .first()
      .waitFor({ timeout: 15_000 });
    await page.getByTestId('extend-dialog').waitFor({ state: 'detached' });
    await page.close();
  }, 90_000);
});
