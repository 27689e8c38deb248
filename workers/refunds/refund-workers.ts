import type { Pool } from 'pg';
import type { EventStore } from '../../infra/eventstore/port.js';
import type { Mailer } from '../../infra/mail/port.js';
import type { PaymentPort } from '../../infra/payments/port.js';
import { createSimulatedPayments } from '../../infra/payments/simulated.js';
import { claimDueRefunds } from '../../projections/refunds/refund-queries.js';
import type { CarryOutResult, RefundRetryPolicy } from './carry-out-refund.js';
import { carryOutRefund, DEFAULT_REFUND_RETRY } from './carry-out-refund.js';
import { everyRound } from '../rounds.js';
import { sendDueReceipts } from './send-receipts.js';
import { positiveMsFromEnv } from '../../infra/env-ms.js';

// The refund processor (issue 28, ADR 0024). Every RefundRequested without a RefundSettled is a
// row of refund_requests (the refunds projector writes it, whoever appended the request). Each
// round, every worker process claims due rows (FOR UPDATE SKIP LOCKED: each row to one process,
// leased for REFUND_LEASE_MS so a process that dies mid-refund leaves it to another), carries
// each out through the payment port and appends RefundSettled, then sends the receipts due. No
// connection is held during a PSP call, so it also runs on embedded PGlite's pool of one.

export const DEFAULT_REFUND_INTERVAL_MS = 2_000;
/** Longer than a PSP call may take (the API Pix adapter's timeout), so a lease never ends mid-call. */
export const REFUND_LEASE_MS = 2 * 60_000;

export interface RefundWorkerDeps {
  db: Pool;
  store: EventStore;
  /** The PSP (the API Pix adapter when configured); the simulated provider when absent. */
  payments?: PaymentPort;
  mailer: Mailer;
  clock: () => Date;
  policy?: RefundRetryPolicy;
  intervalMs?: number;
  log?: (line: string) => void;
}

export interface RefundWorkers {
  /** One round now (refunds, then receipts): what happened to each refund claimed. */
  runOnce(): Promise<CarryOutResult[]>;
  close(): Promise<void>;
}

export function startRefundWorkers(deps: RefundWorkerDeps): RefundWorkers {
  const log = deps.log ?? ((line: string) => console.log(line));
  const simulated = createSimulatedPayments({ merchantName: 'Hub', merchantCity: 'Sao Paulo', clock: deps.clock });
  const carry = {
    db: deps.db,
    store: deps.store,
    payments: deps.payments ?? simulated,
    simulated,
    clock: deps.clock,
    policy: deps.policy ?? DEFAULT_REFUND_RETRY,
    log,
  };
  let closing = false;

  const runOnce = async () => {
    const results: CarryOutResult[] = [];
    for (;;) {
      const rows = await claimDueRefunds(deps.db, deps.clock(), REFUND_LEASE_MS, 10);
      for (const row of rows) results.push(await carryOutRefund(carry, row));
      if (rows.length < 10 || closing) break;
    }
    await sendDueReceipts({ db: deps.db, mailer: deps.mailer, clock: deps.clock, log });
    return results;
  };

  const rounds = everyRound(deps.intervalMs ?? DEFAULT_REFUND_INTERVAL_MS, runOnce, (error) => log(`[refunds] round failed: ${error.message}`));

  return {
    runOnce,
    async close() {
      // SIGTERM drains: the round in progress finishes (its refunds are appended), no new one starts.
      closing = true;
      await rounds.stop();
    },
  };
}

/** REFUND_INTERVAL_MS (default 2 s) and REFUND_RETRY_BASE_MS (default 5 s) over the defaults. */
export function refundSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): { intervalMs: number; policy: RefundRetryPolicy } {
  const ms = (name: string, fallback: number) => positiveMsFromEnv(env, name, fallback);
  return {
    intervalMs: ms('REFUND_INTERVAL_MS', DEFAULT_REFUND_INTERVAL_MS),
    policy: { ...DEFAULT_REFUND_RETRY, baseMs: ms('REFUND_RETRY_BASE_MS', DEFAULT_REFUND_RETRY.baseMs) },
  };
}
