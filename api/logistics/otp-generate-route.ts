import type { FastifyPluginAsync } from 'fastify';
import type { CommandDeps } from '../../commands/deps.js';
import { issuePickupCode } from '../../commands/pickup-commands.js';
import { readReservation } from '../../commands/reservation-commands.js';
import { generatePickupCode, LogisticsMessages } from '../../contract/logistics/logistics-endpoints.js';
import { lockerInterface } from '../controller/controller-hub.js';
import { commandContext } from '../http/command-context.js';
import { notFound } from '../http/errors.js';
import { route } from '../contract/route.js';
import { reservationFromEvents } from '../reservations/reservation-from-log.js';
import { namingTheClaimer } from './collection-answers.js';
import { assertWorksHub, requireStaffWorker } from './logistics-access.js';
import { hubHardware, listCollections } from './logistics-queries.js';

// POST /api/otp/generate/{hubId}: a pickup code for an item left at the Hub. Made at the edge with
// a CSPRNG (commands/pickup-commands.ts); only its keyed hash is written. Generating again
// replaces the earlier code.

const NOTHING = LogisticsMessages.nothingToCollect;

export const otpGenerateRoute: FastifyPluginAsync<CommandDeps> = async (app, deps) => {
  route(app, generatePickupCode, async (request, reply, input) => {
    const user = requireStaffWorker(request);
    const hubId = input.params().hubId.toUpperCase();
    const body = input.body();
    await assertWorksHub(deps.db, user, hubId);
    const hardware = await hubHardware(deps.db, hubId);
    if (!hardware) throw notFound(LogisticsMessages.hubNotFound);

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
