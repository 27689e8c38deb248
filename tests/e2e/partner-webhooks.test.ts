/// <reference lib="dom" />
// Issue 27 item 4 in the browser: on a partner's page an admin adds a webhook (a local receiver on
// 127.0.0.1), sees its signing secret once, sees the delivery of a partner reservation's event in
// the log (Entregue, status 200) and replays it ('Reenviar': the receiver gets the same event id
// again). Then screenshots of the panel with its log at 390 and 1280 px, axe on each.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservationStreamId } from '../../domain/reservations/reservation-events.js';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import type { Receiver } from '../support/webhook-receiver.js';
import { startReceiver } from '../support/webhook-receiver.js';
import { VIEWPORTS, screenshot, watchErrors } from './support/browser.js';
import { checkPage, settledToast } from './support/layout.js';
import { apiLogin, signInPage, type Login } from './support/session.js';
import { useServerAndBrowser } from './support/suite.js';

const context = (viewport: { width: number; height: number }) => ({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' }) as const;

async function newPage(state: ReturnType<typeof useServerAndBrowser>, admin: Login, viewport: { width: number; height: number }) {
  const ctx = await state.browser.newContext(context(viewport));
  await ctx.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: state.server.baseUrl });
  const page = await ctx.newPage();
  await signInPage(page, state.server.baseUrl, admin);
  return { ctx, page };
}

/** A partner reservation's ReservationCreated, appended to the server's log as the partner API would. */
async function partnerBooking(databaseUrl: string, base: string, partnerId: string): Promise<string> {
  const hubs = (await (await fetch(`${base}/api/hubs`)).json()) as { id: string }[];
  const hub = (await (await fetch(`${base}/api/hubs/${hubs[0]!.id}`)).json()) as { id: string; lockers: { id: string; size: string; order_number: number }[] };
  const locker = hub.lockers[0]!;
  const pool = createPool(databaseUrl, { max: 2 });
  const store = createPostgresEventStore(pool);
  try {
    const reservationId = randomUUID();
    const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 24 * 3_600_000);
    const end = new Date(start.getTime() + 2 * 3_600_000);
    const id = randomUUID();
    await store.append(
      reservationStreamId(reservationId),
      [
        {
          id,
          type: 'ReservationCreated',
          data: {
            reservationId,
            userId: randomUUID(),
            hubId: hub.id,
            lockerId: locker.id,
            lockerSize: locker.size,
            lockerOrderNumber: locker.order_number,
            startTime: start.toISOString(),
            endTime: end.toISOString(),
            pricePerHourCents: 600,
            priceCents: 1200,
            periods: [start.toISOString().slice(0, 10)],
            paymentDueAt: null,
            partnerId,
            customer: { name: 'Ana Souza', email: 'ana@example.com' },
          },
          metadata: { actor: { id: partnerId, role: 'partner_api' }, correlationId: randomUUID(), causationId: null, at: new Date().toISOString() },
        },
      ],
      'no_stream',
    );
    return id;
  } finally {
    await store.close();
    await pool.end();
  }
}

describe('the Webhooks panel on a partner page', () => {
  const state = useServerAndBrowser();
  let receiver: Receiver;
  let admin: Login;
  let partnerUrl = '';

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  async function openPanel(page: Page) {
    await page.goto(partnerUrl);
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
  }

  it('adds an endpoint, shows its secret once, shows a delivery and replays it', async () => {
    const base = state.server.baseUrl;
    admin = await apiLogin(base, 'admin@hub.dev', 'admin123');
    const made = await fetch(`${base}/api/partners`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Condomínio Aurora', email: 'contato@aurora.com.br', company_name: 'Condomínio Residencial Aurora' }),
    });
    expect(made.status).toBe(201);
    const partnerId = ((await made.json()) as { id: string }).id;
    partnerUrl = `${base}/dashboard/partners/${partnerId}`;

    const { ctx, page } = await newPage(state, admin, VIEWPORTS.desktop);
    const errors = watchErrors(page);
    await openPanel(page);
    await page.getByText('Nenhum webhook cadastrado.').waitFor();

    // Refused first (no event chosen), then added.
    await page.getByLabel('URL do webhook').fill(receiver.url);
    await page.getByRole('checkbox', { name: /Reserva criada/ }).uncheck();
    await page.getByRole('checkbox', { name: /Reserva paga/ }).uncheck();
    await page.getByRole('button', { name: 'Adicionar webhook' }).click();
    await page.getByText('Escolha pelo menos um evento.').waitFor();
    await page.getByRole('checkbox', { name: /Reserva criada/ }).check();
    await page.getByRole('button', { name: 'Adicionar webhook' }).click();
    await settledToast(page, 'Webhook adicionado com sucesso');
    const field = page.getByLabel('Copie o segredo de assinatura agora: ele não será mostrado de novo.');
    const secret = await field.inputValue();
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    await page.getByRole('button', { name: 'Copiar segredo' }).click();
    await settledToast(page, 'Segredo copiado para a área de transferência');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const item = page.getByRole('list', { name: 'Webhooks do parceiro' }).getByRole('listitem').filter({ hasText: receiver.url });
    await item.getByText('Ativo').waitFor();

    // Shown once: gone after a reload.
    await page.reload();
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    await item.waitFor();
    expect(await page.content()).not.toContain(secret);

    // A partner reservation: delivered, in the log.
    const eventId = await partnerBooking(state.server.database.url, base, partnerId);
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
    expect(receiver.received[0]!.json).toMatchObject({ id: eventId, type: 'reservation.created' });
    await item.getByRole('button', { name: 'Entregas' }).click();
    const row = item.getByRole('row').filter({ hasText: 'Reserva criada' });
    await row.getByText('Entregue').waitFor({ timeout: 15_000 });
    await row.getByRole('cell', { name: '200', exact: true }).waitFor();
    expect(await row.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

    await row.getByRole('button', { name: 'Reenviar Reserva criada' }).click();
    await settledToast(page, 'Entrega reenviada');
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2);
    expect(receiver.received[1]!.json.id).toBe(eventId);

    // Pause and resume (removal has its own test below).
    await item.getByRole('button', { name: 'Pausar' }).click();
    await settledToast(page, 'Webhook pausado');
    await item.getByText('Pausado').waitFor();
    await item.getByRole('button', { name: 'Reativar' }).click();
    await settledToast(page, 'Webhook reativado');
    await item.getByText('Ativo').waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  }, 180_000);

  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    it(`screenshots the panel with its delivery log at ${viewport.width} px (${label}), axe on it`, async () => {
      expect(partnerUrl).not.toBe('');
      const { ctx, page } = await newPage(state, admin, viewport);
      await openPanel(page);
      const item = page.getByRole('list', { name: 'Webhooks do parceiro' }).getByRole('listitem').filter({ hasText: receiver.url });
      await item.getByRole('button', { name: 'Entregas' }).click();
      await item.getByText('Entregue').first().waitFor({ timeout: 15_000 });
      // From the top, so the full-page picture does not catch the sticky header mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await checkPage(page, 'Webhooks do parceiro');
      await screenshot(page, 'dashboard-partner-webhooks');
      await ctx.close();
    }, 120_000);
  }

  it('removes an endpoint after the confirmation', async () => {
    const { ctx, page } = await newPage(state, admin, VIEWPORTS.desktop);
    await openPanel(page);
    await page.getByRole('button', { name: `Remover webhook ${receiver.url}` }).click();
    await page.getByText(`Tem certeza que deseja remover o webhook ${receiver.url}?`, { exact: false }).waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remover' }).click();
    await settledToast(page, 'Webhook removido com sucesso');
    await page.getByText('Nenhum webhook cadastrado.').waitFor();
    await ctx.close();
  }, 120_000);
});
