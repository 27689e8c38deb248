import type { FastifyPluginAsync } from 'fastify';
import type { AuthUser } from '../auth/types.js';
import { isAdmin, requireUser } from '../auth/guard.js';
import type { CommandDeps } from '../../commands/deps.js';
import type { CommandContext } from '../../commands/command-handler.js';
import { reserveBySize } from '../../commands/reserve-by-size.js';
import type { TimedReservationEvent } from '../../commands/reservation-commands.js';
import { endReservation } from '../../commands/reservation-commands.js';
import { leaveForPickup } from '../../commands/pickup-commands.js';
import {
  bookBySize,
  cancelReservation,
  finalizeReservation,
  getReservation,
  leaveForPickup as leaveForPickupEndpoint,
  listUserReservations as listUserReservationsEndpoint,
  payReservation,
  ReservationErrorMessages,
} from '../../contract/reservations/reservation-endpoints.js';
import type { GlobalPosition } from '../../infra/eventstore/port.js';
import { route } from '../contract/route.js';
import type { ReservationNote } from '../hubs/hub-cache.js';
import type { HubRow } from '../hubs/hub-loader.js';
import { commandContext } from '../http/command-context.js';
import type { PaymentMail } from '../payments/payment-mail.js';
import { chargeIfOwed, pay } from '../payments/pix-checkout.js';
import { forbidden, notFound } from '../http/errors.js';
import { extensionRoutes } from './extension-routes.js';
import { doorFailureRoute } from './door-failure-route.js';
import { currentReservation, reservationFromEvents } from './reservation-from-log.js';
import { findReservation, listUserReservations, toReservationResponse } from './reservation-queries.js';

export interface ReservationRoutesOptions extends CommandDeps {
  /**
   * Told each command's own result at its log position, before the answer leaves: the Hub
   * cache shows it until the projections pass it (read-your-writes in this process).
   */
  reservationWritten?: (note: ReservationNote, position: GlobalPosition) => Promise<void>;
  /** The Hub's name and address as this process's Hub cache has them, for answers made from events. */
  hubOf?: (hubId: string) => Pick<HubRow, 'name' | 'address' | 'city' | 'state'> | undefined;
  /** The receipt of a payment this process recorded (issue 28). */
  paymentMail?: PaymentMail;
}

export const reservationRoutes: FastifyPluginAsync<ReservationRoutesOptions> = async (app, deps) => {
  /** The reservation if the caller owns it or is an admin; 404 otherwise, so ids do not leak. */
  async function ownReservation(id: string, user: AuthUser) {
    // The stream has it even before the read model does (a booking a moment ago, a lagging projector).
    const row = await currentReservation(deps.db, deps.store, id);
    if (!row || (row.user_id !== user.id && !isAdmin(user))) throw notFound(ReservationErrorMessages.notFound);
    return row;
  }

  /**
   * The answer after a command: the read model once it has caught up (it knows the Hub's name),
   * else the command's own events. Once an append has committed the caller gets its answer, even
   * if the database went away right after it.
   */
  async function respondWith(id: string, result: { position: GlobalPosition | null; log: TimedReservationEvent[] }) {
    await tellHubCache(result);
    let row = null;
    try {
      if (!result.position || (await deps.awaitProjections(result.position))) row = await findReservation(deps.db, id);
    } catch (err) {
      deps.log.warn({ err, reservationId: id }, 'read model unreachable after a command; answering from its events');
    }
    row ??= withHub(reservationFromEvents(result.log));
    if (!row) throw notFound(ReservationErrorMessages.notFound);
    return toReservationResponse(row);
  }

  /** The stream has no Hub names: the Hub cache adds them, so an answer from events reads the same. */
  function withHub(row: ReturnType<typeof reservationFromEvents>) {
    const hub = row && deps.hubOf?.(row.hub_id);
    return row && hub ? { ...row, hub_name: hub.name, hub_address: hub.address, hub_city: hub.city, hub_state: hub.state } : row;
  }

  /** The command's outcome to the Hub cache; a failure there must not lose the answer. */
  async function tellHubCache(result: { position: GlobalPosition | null; log: TimedReservationEvent[] }) {
    const now = reservationFromEvents(result.log);
    if (!now || !result.position || !deps.reservationWritten) return;
    const note: ReservationNote = {
      reservationId: now.id,
      hubId: now.hub_id,
      lockerId: now.locker_id,
      startMs: now.start_time.getTime(),
      endMs: now.end_time.getTime(),
      status: now.status,
      paymentDueMs: now.payment_due_at?.getTime() ?? null,
    };
    try {
      await deps.reservationWritten(note, result.position);
    } catch (err) {
      deps.log.warn({ err, reservationId: now.id }, 'Hub cache not told of a command result; the change feed will catch up');
    }
  }

  /**
   * What a booking owes is charged right after it (issue 28). The booking is already recorded, so
   * nothing failing here (the PSP, or the database going away between the two writes) may turn its
   * answer into an error: the renter would hold an unpaid booking they were never told of. A
   * booking left without its charge gets it on its next read or payment.
   */
  async function chargeAfterBooking(reservationId: string, ctx: CommandContext) {
    try {
      return await chargeIfOwed(deps, reservationId, ctx);
    } catch (err) {
      deps.log.warn({ err, reservationId }, 'PIX charge not recorded after the booking; made on its next read');
      return null;
    }
  }

  route(app, bookBySize, async (request, reply, input) => {
    const user = requireUser(request);
    const body = input.body();
    if (body.user_id && body.user_id !== user.id && !isAdmin(user)) throw forbidden(ReservationErrorMessages.onlyForSelf);
    const ctx = commandContext(request, user, deps.clock());
    const result = await reserveBySize(
      deps,
      {
        userId: body.user_id ?? user.id,
        hubId: body.hub_id.toUpperCase(),
        size: body.size,
        start: new Date(body.start_time),
        end: new Date(body.end_time),
        canUsePrivateHub: isAdmin(user),
      },
      ctx,
    );
    reply.status(201);
    const charged = await chargeAfterBooking(result.reservationId, ctx);
    return { ...(await respondWith(result.reservationId, charged?.position ? charged : result)), access_code: result.accessCode };
  });

  route(app, getReservation, async (request, _reply, input) => {
    const user = requireUser(request);
    const row = await ownReservation(input.params().id, user);
    // A booking whose charge the PSP could not make then gets it on its next read.
    if (deps.payments && row.status === 'pending' && row.payment_due_at && !row.pix_txid) {
      const charged = await chargeIfOwed(deps, row.id, commandContext(request, user, deps.clock()));
      if (charged?.position) return respondWith(row.id, charged);
      // Another request may have recorded it meanwhile (or the PSP failed): the stream says which.
      return toReservationResponse(await ownReservation(row.id, user));
    }
    return toReservationResponse(row);
  });

  route(app, listUserReservationsEndpoint, async (request, _reply, input) => {
    const user = requireUser(request);
    const { userId } = input.params();
    if (userId !== user.id && !isAdmin(user)) throw forbidden(ReservationErrorMessages.othersReservations);
    return (await listUserReservations(deps.db, userId)).map(toReservationResponse);
  });

  route(app, payReservation, async (request, _reply, input) => {
    const user = requireUser(request);
    const row = await ownReservation(input.params().id, user);
    const body = input.body();
    const ctx = commandContext(request, user, deps.clock());
    return respondWith(row.id, await pay(deps, row, body, ctx));
  });

  // Issue 9: the renter (or an admin) leaves the item for logistics to collect.
  route(app, leaveForPickupEndpoint, async (request, _reply, input) => {
    const user = requireUser(request);
    const row = await ownReservation(input.params().id, user);
    return respondWith(row.id, await leaveForPickup(deps, row.id, commandContext(request, user, deps.clock())));
  });

  for (const [how, endpoint] of [
    ['finalize', finalizeReservation],
    ['cancel', cancelReservation],
  ] as const) {
    route(app, endpoint, async (request, _reply, input) => {
      const user = requireUser(request);
      const row = await ownReservation(input.params().id, user);
      // An admin cancelling someone else's booking is Hub's decision: everything paid goes back.
      const byHub = row.user_id !== user.id;
      const ctx = commandContext(request, user, deps.clock());
      const result = byHub
        ? await endReservation(deps, row.id, how, ctx, 'Cancelada por um administrador', 'hub')
        : await endReservation(deps, row.id, how, ctx);
      return respondWith(row.id, result);
    });
  }

  // Issue 28: extending a reservation, with the same owner check and answer.
  extensionRoutes(app, deps, { ownReservation, respondWith });
  // Issue 29: 'A porta não abriu', the renter's own (not even an admin's).
  doorFailureRoute(app, deps, { respondWith });
};
