import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LOCKER_SIZES } from '../../domain/hubs/hub-events.js';
import type { AuthUser } from '../auth/types.js';
import { isAdmin, requireUser } from '../auth/guard.js';
import type { CommandDeps } from '../../commands/deps.js';
import { reserveBySize } from '../../commands/reserve-by-size.js';
import type { TimedReservationEvent } from '../../commands/reservation-commands.js';
import { confirmPayment, endReservation } from '../../commands/reservation-commands.js';
import { leaveForPickup } from '../../commands/pickup-commands.js';
import type { GlobalPosition } from '../../infra/eventstore/port.js';
import type { ReservationNote } from '../hubs/hub-cache.js';
import type { HubRow } from '../hubs/hub-loader.js';
import { commandContext } from '../http/command-context.js';
import { forbidden, notFound } from '../http/errors.js';
import { parse } from '../http/validation.js';
import { currentReservation, reservationFromEvents } from './reservation-from-log.js';
import { findReservation, listUserReservations, toReservationResponse } from './reservation-queries.js';

const IdParams = z.object({ id: z.uuid('ID da reserva inválido') });
const UserParams = z.object({ userId: z.uuid('ID de usuário inválido') });

// The client's price and access code (spec payload) are accepted but never trusted.
const BySizeBody = z.object({
  hub_id: z.string().trim().min(1, 'Informe o Hub').max(64),
  size: z.enum(LOCKER_SIZES as [string, ...string[]], 'Tamanho deve ser P, M, G ou X'),
  start_time: z.iso.datetime({ offset: true, message: 'Data/hora inicial inválida (ISO 8601)' }),
  end_time: z.iso.datetime({ offset: true, message: 'Data/hora final inválida (ISO 8601)' }),
  user_id: z.uuid().optional(),
  locker_id: z.unknown().optional(),
  access_code: z.unknown().optional(),
  price: z.unknown().optional(),
});

const PayBody = z.object({
  method: z.enum(['credit_card', 'pix'], 'Forma de pagamento deve ser credit_card ou pix'),
  // Must equal the reservation's price (the domain checks), so no other bound is needed.
  amount: z.number('O valor deve ser um número de centavos.').int('O valor deve ser um número inteiro de centavos.').nonnegative('O valor não pode ser negativo.').optional(),
});

export interface ReservationRoutesOptions extends CommandDeps {
  /**
   * Told each command's own result at its log position, before the answer leaves: the Hub
   * cache shows it until the projections pass it (read-your-writes in this process).
   */
  reservationWritten?: (note: ReservationNote, position: GlobalPosition) => Promise<void>;
  /** The Hub's name and address as this process's Hub cache has them, for answers made from events. */
  hubOf?: (hubId: string) => Pick<HubRow, 'name' | 'address' | 'city' | 'state'> | undefined;
}

export const reservationRoutes: FastifyPluginAsync<ReservationRoutesOptions> = async (app, deps) => {
  /** The reservation if the caller owns it or is an admin; 404 otherwise, so ids do not leak. */
  async function ownReservation(request: FastifyRequest, user: AuthUser) {
    const { id } = parse(IdParams, request.params);
    // The stream has it even before the read model does (a booking a moment ago, a lagging projector).
    const row = await currentReservation(deps.db, deps.store, id);
    if (!row || (row.user_id !== user.id && !isAdmin(user))) throw notFound('Reserva não encontrada.');
    return row;
  }

  /**
   * The answer after a command: the read model once it has caught up (it knows the Hub's name),
   * else the command's own events. Once an append has committed the caller gets its answer, even
   * if the database went away right after it.
   */
  async function respondWith(id: string, result: { position: GlobalPosition | null; log: TimedReservationEvent[] }, extra = {}) {
    await tellHubCache(result);
    let row = null;
    try {
      if (!result.position || (await deps.awaitProjections(result.position))) row = await findReservation(deps.db, id);
    } catch (err) {
      deps.log.warn({ err, reservationId: id }, 'read model unreachable after a command; answering from its events');
    }
    row ??= withHub(reservationFromEvents(result.log));
    if (!row) throw notFound('Reserva não encontrada.');
    return { ...toReservationResponse(row), ...extra };
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
      reservationId: now.id, hubId: now.hub_id, lockerId: now.locker_id, startMs: now.start_time.getTime(), endMs: now.end_time.getTime(),
      status: now.status, paymentDueMs: now.payment_due_at?.getTime() ?? null,
    };
    try {
      await deps.reservationWritten(note, result.position);
    } catch (err) {
      deps.log.warn({ err, reservationId: now.id }, 'Hub cache not told of a command result; the change feed will catch up');
    }
  }

  app.post('/api/reservations/by-size', async (request, reply) => {
    const user = requireUser(request);
    const body = parse(BySizeBody, request.body);
    if (body.user_id && body.user_id !== user.id && !isAdmin(user)) throw forbidden('Você só pode reservar para si mesmo.');
    const ctx = commandContext(request, user, deps.clock());
    const result = await reserveBySize(
      deps,
      {
        userId: body.user_id ?? user.id,
        hubId: body.hub_id.toUpperCase(),
        size: body.size as (typeof LOCKER_SIZES)[number],
        start: new Date(body.start_time),
        end: new Date(body.end_time),
        canUsePrivateHub: isAdmin(user),
      },
      ctx,
    );
    reply.status(201);
    return respondWith(result.reservationId, result, { access_code: result.accessCode });
  });

  app.get('/api/reservations/:id', async (request) => {
    const user = requireUser(request);
    return toReservationResponse(await ownReservation(request, user));
  });

  app.get('/api/reservations/user/:userId', async (request) => {
    const user = requireUser(request);
    const { userId } = parse(UserParams, request.params);
    if (userId !== user.id && !isAdmin(user)) throw forbidden('Você não pode ver as reservas de outro usuário.');
    return (await listUserReservations(deps.db, userId)).map(toReservationResponse);
  });

  app.post('/api/reservations/:id/pay', async (request) => {
    const user = requireUser(request);
    const row = await ownReservation(request, user);
    const body = parse(PayBody, request.body ?? {});
    const ctx = commandContext(request, user, deps.clock());
    const result = await confirmPayment(deps, row.id, { method: body.method, amountCents: body.amount ?? row.price_cents }, ctx);
    return respondWith(row.id, result);
  });

  // Issue 9: the renter (or an admin) leaves the item for logistics to collect.
  app.post('/api/reservations/:id/leave-for-pickup', async (request) => {
    const user = requireUser(request);
    const row = await ownReservation(request, user);
    return respondWith(row.id, await leaveForPickup(deps, row.id, commandContext(request, user, deps.clock())));
  });

  for (const how of ['finalize', 'cancel'] as const) {
    app.post(`/api/reservations/:id/${how}`, async (request) => {
      const user = requireUser(request);
      const row = await ownReservation(request, user);
      const result = await endReservation(deps, row.id, how, commandContext(request, user, deps.clock()));
      return respondWith(row.id, result);
    });
  }
};
