import type { Pool } from 'pg';
import { recordRefundOutcome, refundInLog } from '../../commands/refund-commands.js';
import type { PaymentProvider } from '../../domain/payments/pix-facts.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import type { PaymentPort, RefundReading } from '../../infra/payments/port.js';
import { PaymentProviderError } from '../../infra/payments/port.js';
import type { RefundRequestRow } from '../../projections/refunds/refund-queries.js';
import { refundDueAgain, refundSettledRow } from '../../projections/refunds/refund-queries.js';
import { workerContext } from '../worker-context.js';

// One refund through the payment port (ADR 0024). The PSP's PUT /pix/{e2eid}/devolucao/{id} is
// idempotent by id, so a retry after a crash between the PSP's answer and our append refunds
// nothing twice; a retry first asks the PSP (readRefund) what became of it. The append of
// RefundSettled expects the stream's version: settled once however many processes try.

export interface RefundRetryPolicy {
  /** First wait after a failure; doubled per attempt up to capMs. */
  baseMs: number;
  capMs: number;
  /** How often a refund the PSP is still processing (EM_PROCESSAMENTO) is read again. */
  pollMs: number;
}

export const DEFAULT_REFUND_RETRY: RefundRetryPolicy = { baseMs: 5_000, capMs: 10 * 60_000, pollMs: 30_000 };

export interface CarryOutDeps {
  db: Pool;
  store: EventStore;
  /** The PSP refunds of real payments go to. */
  payments: PaymentPort;
  /** Refunds of simulated payments (no money moved) settle here whatever `payments` is. */
  simulated: PaymentPort;
  clock: () => Date;
  policy: RefundRetryPolicy;
  log: (line: string) => void;
}

export type CarryOutResult = 'settled' | 'already_settled' | 'processing' | 'failed' | 'unknown';

export const retryDelayMs = (policy: RefundRetryPolicy, attempts: number) => Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));

function portFor(deps: CarryOutDeps, provider: string): PaymentPort {
  if (provider === deps.payments.provider) return deps.payments;
  if (provider === 'simulated') return deps.simulated;
  throw new PaymentProviderError(`no adapter configured for provider ${provider as PaymentProvider}`, null);
}

export async function carryOutRefund(deps: CarryOutDeps, row: RefundRequestRow): Promise<CarryOutResult> {
  const ctx = workerContext(deps.clock(), `refund:${row.refund_id}`);
  const later = (ms: number) => new Date(deps.clock().getTime() + ms);
  try {
    const refund = await refundInLog(deps.store, row.reservation_id, row.refund_id);
    if (!refund) {
      deps.log(`[refunds] ${row.refund_id} is not in reservation ${row.reservation_id}'s log`);
      await refundDueAgain(deps.db, row.refund_id, later(deps.policy.capMs), 'not in the log');
      return 'unknown';
    }
    if (refund.status !== 'requested') {
      await refundSettledRow(deps.db, refund.refundId, refund.status, refund.settledAt ?? ctx.now.toISOString());
      return 'already_settled';
    }
    const port = portFor(deps, refund.provider);
    const e2eid = refund.e2eid ?? '';
    // After a first attempt the PSP may already have it (we died before appending): ask first.
    const known: RefundReading | null = row.attempts > 1 ? await port.readRefund(e2eid, refund.refundId) : null;
    const reading =
      known ??
      (await port.refund({
        e2eid,
        refundId: refund.refundId,
        amountCents: refund.amountCents,
        description: `Reembolso Hub, reserva ${row.reservation_id}`.slice(0, 140),
      }));
    if (reading.status === 'EM_PROCESSAMENTO') {
      await refundDueAgain(deps.db, refund.refundId, later(deps.policy.pollMs), null);
      return 'processing';
    }
    await recordRefundOutcome(deps.store, row.reservation_id, { refundId: refund.refundId, status: reading.status, rtrId: reading.rtrId }, ctx);
    await refundSettledRow(deps.db, refund.refundId, reading.status, ctx.now.toISOString());
    return 'settled';
  } catch (error) {
    const message = (error as Error).message;
    deps.log(`[refunds] ${row.refund_id} attempt ${row.attempts} failed: ${message}`);
    await refundDueAgain(deps.db, row.refund_id, later(retryDelayMs(deps.policy, row.attempts)), message.slice(0, 500)).catch(() => undefined);
    return 'failed';
  }
}
