import type { FastifyInstance } from 'fastify';
import type { CommandDeps } from '../../commands/deps.js';
import { reportDoorFailure } from '../../commands/report-door-failure.js';
import type { TimedReservationEvent } from '../../commands/reservation-commands.js';
import { readReservation } from '../../commands/reservation-commands.js';
import { reportDoorFailure as reportDoorFailureEndpoint } from '../../contract/reservations/door-failure-endpoints.js';
import { ReservationErrorMessages } from '../../contract/reservations/reservation-endpoints.js';
import type { ReservationView } from '../../contract/reservations/reservation-schemas.js';
import type { GlobalPosition } from '../../infra/eventstore/port.js';
import { route } from '../contract/route.js';
import { requireUser } from '../auth/guard.js';
import { commandContext } from '../http/command-context.js';
import { notFound } from '../http/errors.js';
import { accessCodeAnswer } from './access-code-route.js';
import { currentReservation } from './reservation-from-log.js';

// POST /api/reservations/{id}/door-failed (issue 29 item 6, commands/report-door-failure.ts).
// Only the renter standing at the door may report it: anyone else, admins too, gets 404.

export function doorFailureRoute(
  app: FastifyInstance,
  deps: CommandDeps,
  { respondWith }: { respondWith(id: string, result: { position: GlobalPosition | null; log: TimedReservationEvent[] }): Promise<ReservationView> },
) {
  route(app, reportDoorFailureEndpoint, async (request, _reply, input) => {
    const user = requireUser(request);
    const { id } = input.params();
    // The stream has it even before the read model does; the domain checks the renter again.
    const row = await currentReservation(deps.db, deps.store, id);
    if (!row || row.user_id !== user.id) throw notFound(ReservationErrorMessages.notFound);
    const ctx = commandContext(request, user, deps.clock());
    const result = await reportDoorFailure(deps, { reservationId: id, userId: user.id }, ctx);
    // The reservation as the report left it (its new locker, or where it was).
    const reservation = await respondWith(id, await readReservation(deps, id));
    return {
      outcome: result.outcome,
      message: result.message,
      reservation,
      access_code: result.moved ? accessCodeAnswer(id, result.moved.code, result.moved.expiresAt, ctx.now) : null,
    };
  });
}
