import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandDeps } from '../../commands/deps.js';
import { issuePickupCode } from '../../commands/pickup-commands.js';
import { readReservation } from '../../commands/reservation-commands.js';
import { requireRole } from '../auth/guard.js';
import { lockerInterface } from '../controller/controller-hub.js';
import { commandContext } from '../http/command-context.js';
import { notFound } from '../http/errors.js';
import { parse } from '../http/validation.js';
import { reservationFromEvents } from '../reservations/reservation-from-log.js';
import { namingTheClaimer } from './collection-answers.js';
import { assertWorksHub } from './logistics-access.js';
import { hubHardware, listCollections } from './logistics-queries.js';

// POST /api/otp/generate/{hubId}: a pickup code for an item left at the Hub. Made at the edge with
// a CSPRNG (commands/pickup-commands.ts); only its keyed hash is written. Generating again
// replaces the earlier code.

const Params = z.object({ hubId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'Identificador de Hub inválido.') });
const Body = z.object({ reservation_id: z.uuid('ID da coleta inválido.').optional() });
const NOTHING = 'Nenhuma coleta pendente neste Hub.';

export const otpGenerateRoute: FastifyPluginAsync<CommandDeps> = async (app, deps) => {
  app.post('/api/otp/generate/:hubId', async (request, reply) => {
    const user = requireRole(request, 'logistics');
    const hubId = parse(Params, request.params).hubId.toUpperCase();
    const body = parse(Body, request.body ?? {});
    await assertWorksHub(deps.db, user, hubId);
    const hardware = await hubHardware(deps.db, hubId);
    if (!hardware) throw notFound('Hub não encontrado.');

    let reservationId = body.reservation_id;
    if (reservationId) {
      const { state } = await readReservation(deps, reservationId);
      if (state.status !== 'awaiting_pickup' || state.hubId !== hubId) throw notFound(NOTHING);
    } else {
      // The caller's oldest claimed item here, else the oldest nobody has claimed (claimed now).
      const items = await listCollections(deps.db, null, hubId);
      reservationId = (items.find((i) => i.claimed_by === user.id) ?? items.find((i) => i.claimed_by === null))?.reservation_id;
      if (!reservationId) throw notFound(NOTHING);
    }
    const id = reservationId;
    const ctx = commandContext(request, user, deps.clock());
    const result = await namingTheClaimer(deps, id, () => issuePickupCode(deps, id, user.id, ctx));
    const order = reservationFromEvents(result.log)?.locker_order_number ?? 0;
    reply.status(201);
    return {
      otp: result.code,
      expiresAt: result.expiresAt,
      generatedAt: result.issuedAt,
      lockerInterface: lockerInterface(hardware, order),
      lockerOrder: order,
      reservationId: id,
    };
  });
};
