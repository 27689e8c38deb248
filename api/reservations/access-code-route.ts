// The renter's access code, both ways, in one shape (issue 24 item 22):
// GET  /api/reservations/{id}/access-code — the current, server-rotated code (issue 9);
// POST /api/reservations/{id}/access-code — a fresh random code ("Atualizar Código").
// Both answer { code, expiresAt, expiresIn, reservationId }; before the reservation's window
// both answer 409 code_not_yet_available saying when the code becomes available (the domain's
// code window, domain/doors/code-window.ts), with details.availableAt.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/types.js';
import { isAdmin, requireUser } from '../auth/guard.js';
import type { CommandDeps } from '../../commands/deps.js';
import { issueFreshCode } from '../../commands/reservation-commands.js';
import { currentAccessCode, startRotation } from '../../commands/rotate-access-code.js';
import { getAccessCode, issueAccessCode, ReservationErrorMessages } from '../../contract/reservations/reservation-endpoints.js';
import type { AccessCodeView } from '../../contract/reservations/reservation-schemas.js';
import { route } from '../contract/route.js';
import { commandContext } from '../http/command-context.js';
import { conflict, notFound } from '../http/errors.js';
import { currentReservation } from './reservation-from-log.js';

export const accessCodeAnswer = (reservationId: string, code: string, expiresAt: string, now: Date): AccessCodeView => ({
  code,
  expiresAt,
  // By the server's clock, so a device whose clock is off still counts right (and a code cut
  // short by the reservation's end shows its real time).
  expiresIn: Math.max(0, Math.round((Date.parse(expiresAt) - now.getTime()) / 1000)),
  reservationId,
});

export const accessCodeRoute: FastifyPluginAsync<CommandDeps> = async (app, deps) => {
  /** The reservation if the caller owns it or is an admin; 404 otherwise, so ids do not leak. */
  async function ownReservation(id: string, user: AuthUser) {
    // The stream has it even before the read model does (a booking a moment ago, a lagging projector).
    const row = await currentReservation(deps.db, deps.store, id);
    if (!row || (row.user_id !== user.id && !isAdmin(user))) throw notFound(ReservationErrorMessages.notFound);
    return row;
  }

  route(app, getAccessCode, async (request, _reply, input) => {
    const user = requireUser(request);
    const { id } = await ownReservation(input.params().id, user);
    const ctx = commandContext(request, user, deps.clock());
    const current = await currentAccessCode(deps, id, ctx);
    if (!current.code || !current.expiresAt) throw conflict('reservation_not_active', ReservationErrorMessages.notActive);
    // A new code restarts the rotation one period from now, so the code lives its full period.
    // Started here, on the first GET after payment (or after the window starts), as the access
    // page asks at once; an ended reservation's next tick stops it.
    if (current.issued) await startRotation(deps.queue, id).catch((err: unknown) => deps.log.warn({ err, reservationId: id }, 'could not start code rotation'));
    return accessCodeAnswer(id, current.code, current.expiresAt, ctx.now);
  });

  // Each call mints a working door code: limited per caller.
  const codeLimit = { rateLimit: { max: 10, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip } };
  route(
    app,
    issueAccessCode,
    async (request, _reply, input) => {
      const user = requireUser(request);
      const { id } = await ownReservation(input.params().id, user);
      const ctx = commandContext(request, user, deps.clock());
      const result = await issueFreshCode(deps, id, ctx);
      if (!result.expiresAt) throw conflict('reservation_not_active', ReservationErrorMessages.notActive);
      return accessCodeAnswer(id, result.code, result.expiresAt, ctx.now);
    },
    { config: codeLimit },
  );
};
