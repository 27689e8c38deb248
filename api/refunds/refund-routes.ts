import type { FastifyPluginAsync } from 'fastify';
import type { Pool } from 'pg';
import { readReservation } from '../../commands/reservation-commands.js';
import { CANCEL_REFUND_TEXT, cancelRefundOf } from '../../domain/payments/cancel-with-refund.js';
import { moneyFactsOf } from '../../domain/payments/money-facts.js';
import { ReservationErrorMessages } from '../../contract/reservations/reservation-endpoints.js';
import { getCancellationQuote, getFinanceDay } from '../../contract/refunds/refund-endpoints.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import { moneyMovementsBetween } from '../../projections/refunds/refund-queries.js';
import { addDays, dayStartMs } from '../../projections/stats/sao-paulo-days.js';
import { isAdmin, requireRole, requireUser } from '../auth/guard.js';
import { route } from '../contract/route.js';
import { notFound } from '../http/errors.js';
import { financeCsv } from './finance-csv.js';

// Refunds (issue 28 item 4, ADR 0024): what cancelling now would give back, from the reservation's
// own stream (so it is never behind a payment just made), and the finance day for admins.

export interface RefundRoutesOptions {
  db: Pool;
  store: EventStore;
  clock: () => Date;
}

export const refundRoutes: FastifyPluginAsync<RefundRoutesOptions> = async (app, deps) => {
  route(app, getCancellationQuote, async (request, _reply, input) => {
    const user = requireUser(request);
    const { state, log } = await readReservation(deps, input.params().id);
    // Not the caller's (nor an admin's): 404, so ids do not leak.
    if (state.status === 'none' || (state.userId !== user.id && !isAdmin(user))) throw notFound(ReservationErrorMessages.notFound);
    // The same rule the cancel route applies: the renter gets the policy, Hub's own cancellation everything.
    const by = state.userId === user.id ? 'renter' : 'hub';
    const quote = cancelRefundOf(state, moneyFactsOf(log.map((e) => e.event)), by, deps.clock().getTime());
    return { refund_cents: quote.refundCents, reason: quote.reason, message: CANCEL_REFUND_TEXT[quote.reason] };
  });

  route(app, getFinanceDay, async (request, reply, input) => {
    requireRole(request, 'admin');
    const { date } = input.query();
    const rows = await moneyMovementsBetween(deps.db, new Date(dayStartMs(date)), new Date(dayStartMs(addDays(date, 1))));
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="financeiro-${date}.csv"`).send(financeCsv(rows));
  });
};
