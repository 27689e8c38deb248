// GET /api/reservations/{id}/access-code (issue 9): the renter's current, server-rotated code.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { isAdmin, requireUser } from '../auth/guard.js';
import type { CommandDeps } from '../../commands/deps.js';
import { currentAccessCode, startRotation } from '../../commands/rotate-access-code.js';
import { commandContext } from '../http/command-context.js';
import { conflict, notFound } from '../http/errors.js';
import { parse } from '../http/validation.js';
import { reservationFromLog } from './reservation-from-log.js';
import { findReservation } from './reservation-queries.js';

const IdParams = z.object({ id: z.uuid('ID da reserva inválido') });

export const accessCodeRoute: FastifyPluginAsync<CommandDeps> = async (app, deps) => {
  app.get('/api/reservations/:id/access-code', async (request) => {
    const user = requireUser(request);
    const { id } = parse(IdParams, request.params);
    const row = (await findReservation(deps.db, id)) ?? (await reservationFromLog(deps.store, id));
    // 404 for someone else's reservation too, so ids do not leak.
    if (!row || (row.user_id !== user.id && !isAdmin(user))) throw notFound('Reserva não encontrada.');
    const current = await currentAccessCode(deps, id, commandContext(request, user, deps.clock()));
    if (!current.code) throw conflict('reservation_not_active', 'Somente uma reserva ativa tem código de acesso.');
    // A new code restarts the rotation one period from now, so the code lives its full period.
    // Started here, on the first GET after payment, as the access page asks at once; an ended
    // reservation's next tick stops it.
    if (current.issued) await startRotation(deps.queue, id).catch((err: unknown) => deps.log.warn({ err, reservationId: id }, 'could not start code rotation'));
    return { code: current.code, expiresAt: current.expiresAt };
  });
};
