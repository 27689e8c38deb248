import type { PaidReservationState } from '../domain/payments/cancel-with-refund.js';
import { paidReservationDecider } from '../domain/payments/cancel-with-refund.js';
import type { RefundOutcome } from '../domain/payments/refund-settlement.js';
import { decideRefundSettled } from '../domain/payments/refund-settlement.js';
import type { RefundFact } from '../domain/payments/money-facts.js';
import { reservationStreamId } from '../domain/reservations/reservation-events.js';
import type { EventStore } from '../infra/eventstore/port.js';
import type { CommandContext, LoadedStream } from './command-handler.js';
import { loadState, runCommand } from './command-handler.js';

// The refund commands (issue 28, ADR 0024): reading a refund as the log has it, and recording what
// the PSP answered. The append expects the stream's version, so two processes reporting the same
// refund settle it once: the second reads it settled and writes nothing.

/** The refund as the reservation's stream tells it now; undefined when the stream has no such refund. */
export async function refundInLog(store: EventStore, reservationId: string, refundId: string): Promise<RefundFact | undefined> {
  const { state } = await loadState(store, reservationStreamId(reservationId), paidReservationDecider);
  return state.money.refunds.find((r) => r.refundId === refundId);
}

/** Appends RefundSettled unless the log already has it; true when this call appended it. */
export function recordRefundOutcome(store: EventStore, reservationId: string, outcome: RefundOutcome, ctx: CommandContext): Promise<boolean> {
  const streamId = reservationStreamId(reservationId);
  return runCommand<LoadedStream<PaidReservationState>, boolean>(store, ctx, {
    read: () => loadState(store, streamId, paidReservationDecider),
    decide: ({ state, version }) => {
      const events = decideRefundSettled(reservationId, state.money, outcome, ctx.now);
      if (events.length === 0) return { answer: false };
      return { append: [{ streamId, events, expectedVersion: version }], written: (appended) => appended !== null };
    },
  });
}
