// The refund processor (ADR 0024): whoever appended the request, it is carried out through the
// payment port and settled once: with two worker processes, after a PSP outage (backoff), after a
// crash between the PSP's answer and the append, and when the PSP is still processing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../infra/db/pool.js';
import { createMemoryMailer } from '../../infra/mail/memory.js';
import { claimDueRefunds } from '../../projections/refunds/refund-queries.js';
import type { RefundWorkers } from '../../workers/refunds/refund-workers.js';
import { startRefundWorkers } from '../../workers/refunds/refund-workers.js';
import { createFakeRefundPsp } from '../support/refund-psp.js';
import type { FakeRefundPsp } from '../support/refund-psp.js';
import { appendReservationEvent, partnerBooking, partnerHub } from '../support/webhook-partner.js';
import type { TestApp } from '../support/test-app.js';
import { startTestApp, waitUntil } from '../support/test-app.js';

const FAST = { baseMs: 20, capMs: 200, pollMs: 20 };

describe('the refund processor', () => {
  let t: TestApp;
  let hub: Awaited<ReturnType<typeof partnerHub>>;
  const started: RefundWorkers[] = [];
  const pools: { end(): Promise<void> }[] = [];

  /** A paid reservation with a refund asked for (as the pix helper's late payment does). */
  async function refundAsked(provider: 'simulated' | 'bcb_pix' = 'bcb_pix') {
    const { reservationId } = await partnerBooking(t, undefined, hub);
    await appendReservationEvent(t, reservationId, 'PaymentConfirmed', {
      method: 'pix',
      amountCents: 1200,
      paidAt: new Date().toISOString(),
      e2eid: 'E1',
      txid: 'T1',
      provider,
    });
    const refundId = `LP${randomUUID().replaceAll('-', '')}`;
    await appendReservationEvent(t, reservationId, 'RefundRequested', {
      refundId,
      e2eid: 'E1',
      amountCents: 1200,
      cause: 'late_payment',
      provider,
      at: new Date().toISOString(),
    });
    await waitUntil(async () => Boolean((await t.db.query('SELECT 1 FROM refund_requests WHERE refund_id = $1', [refundId])).rowCount));
    return { reservationId, refundId };
  }
  const settledEvents = async (reservationId: string) => (await t.store.readStream(`reservation-${reservationId}`)).filter((e) => e.type === 'RefundSettled');
  function workersWith(psp: FakeRefundPsp, own = false) {
    const db = own ? createPool(t.url, { max: 3 }) : t.db;
    if (own) pools.push(db);
    const w = startRefundWorkers({
      db,
      store: t.store,
      payments: psp,
      mailer: createMemoryMailer(),
      clock: () => new Date(),
      policy: FAST,
      intervalMs: 10,
      log: () => {},
    });
    started.push(w);
    return w;
  }

  beforeAll(async () => {
    t = await startTestApp();
    hub = await partnerHub(t, 'RW-01');
  });
  afterAll(async () => {
    for (const w of started) await w.close();
    for (const p of pools) await p.end();
    await t?.close();
  });

  it('settles a refund whoever asked for it (a late payment here), through the port, once with two processes', async () => {
    const psp = createFakeRefundPsp('bcb_pix');
    const { reservationId, refundId } = await refundAsked();
    workersWith(psp, true);
    workersWith(psp, true);
    await waitUntil(async () => (await settledEvents(reservationId)).length > 0);
    // Both keep running rounds for a while: still one settlement, one PSP refund.
    await waitUntil(async () => (await t.db.query(`SELECT 1 FROM refund_requests WHERE refund_id = $1 AND status = 'DEVOLVIDO'`, [refundId])).rowCount === 1);
    for (const w of started.splice(0)) await w.close();
    const settled = await settledEvents(reservationId);
    expect(settled).toHaveLength(1);
    expect(settled[0]!.data).toMatchObject({ refundId, status: 'DEVOLVIDO', rtrId: `D${refundId}` });
    expect(psp.refunds.size).toBe(1);
    expect(psp.calls.every((c) => c.e2eid === 'E1' && c.amountCents === 1200)).toBe(true);
  });

  it('retries with backoff while the PSP is down, then settles', async () => {
    const psp = createFakeRefundPsp('bcb_pix');
    psp.failNext(3);
    const { reservationId, refundId } = await refundAsked();
    workersWith(psp);
    await waitUntil(async () => (await settledEvents(reservationId)).length > 0);
    for (const w of started.splice(0)) await w.close();
    const { rows } = await t.db.query('SELECT attempts, last_error FROM refund_requests WHERE refund_id = $1', [refundId]);
    expect(rows[0].attempts).toBeGreaterThanOrEqual(4);
    expect(rows[0].last_error).toBeNull();
    expect(await settledEvents(reservationId)).toHaveLength(1);
  });

  it('after a crash between the PSP call and the append, the retry reads the refund back and refunds nothing twice', async () => {
    const psp = createFakeRefundPsp('bcb_pix');
    const { reservationId, refundId } = await refundAsked();
    // A process claims it and gets the PSP's answer, then dies before appending.
    const [claimed] = await claimDueRefunds(t.db, new Date(), 60_000, 10);
    expect(claimed?.refund_id).toBe(refundId);
    await psp.refund({ e2eid: 'E1', refundId, amountCents: 1200, description: 'x' });
    // Its lease runs out.
    await t.db.query('UPDATE refund_requests SET next_attempt_at = now() WHERE refund_id = $1', [refundId]);
    workersWith(psp);
    await waitUntil(async () => (await settledEvents(reservationId)).length > 0);
    for (const w of started.splice(0)) await w.close();
    expect(psp.calls).toHaveLength(1);
    expect(await settledEvents(reservationId)).toHaveLength(1);
  });

  it('polls a refund the PSP is still processing (EM_PROCESSAMENTO) until it is final', async () => {
    const psp = createFakeRefundPsp('bcb_pix');
    psp.processing = true;
    const { reservationId, refundId } = await refundAsked();
    workersWith(psp);
    await waitUntil(async () => psp.refunds.get(refundId)?.status === 'EM_PROCESSAMENTO');
    await waitUntil(async () => (await t.db.query('SELECT attempts FROM refund_requests WHERE refund_id = $1', [refundId])).rows[0].attempts >= 3);
    expect(await settledEvents(reservationId)).toHaveLength(0);
    psp.finish();
    await waitUntil(async () => (await settledEvents(reservationId)).length > 0);
    for (const w of started.splice(0)) await w.close();
    expect((await settledEvents(reservationId))[0]!.data).toMatchObject({ status: 'DEVOLVIDO' });
  });
});
