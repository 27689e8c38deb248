import { countBooking } from '../infra/metrics/registry.js';
import { inSpan } from '../infra/tracing/spans.js';
import type { HubState, Locker, LockerSize } from '../domain/hubs/hub-events.js';
import { hubStreamId, lockersHoldingGoods } from '../domain/hubs/hub-events.js';
import type { PartnerBooking } from '../domain/reservations/booking.js';
import { BookingMessages, bookableLockers, paymentDueAtFor, validateWindow } from '../domain/reservations/booking.js';
import { mayUsePrivateHub } from '../domain/access/private-hub-rule.js';
import { renterStreamId } from '../domain/reservations/renter-reservations.js';
import { DomainError, conflict, forbidden, notFound } from '../domain/shared/domain-error.js';
import { SettingsMessages } from '../domain/settings/settings-decide.js';
import type { AppendResult } from '../infra/eventstore/port.js';
import { lockersTakenBetween } from '../projections/reservations/command-queries.js';
import { readAccessStream } from './access-commands.js';
import { bookingAccessCode, hashAccessCode } from './access-code.js';
import type { BookingCache } from './booking-cache.js';
import { bookingCacheFor } from './booking-cache.js';
import { Candidates } from './booking-candidates.js';
import type { GrantHeld, LockerRequest } from './book-locker.js';
import { bookFirstFree, renterOpens } from './book-locker.js';
import type { CommandContext } from './command-handler.js';
import type { CommandDeps } from './deps.js';
import { bookingRulesOf, paymentWindowOf } from './deps.js';
import { derivedUuid } from './idempotency.js';
import type { TimedReservationEvent } from './reservation-commands.js';
import { readReservation, scheduleExpiry } from './reservation-commands.js';
import { newId } from './new-id.js';
import { startRotation } from './code-rotation-schedule.js';
import { scheduleReminders } from './reminder-schedule.js';

export interface ReserveBySizeInput {
  userId: string;
  hubId: string;
  size: LockerSize;
  start: Date;
  end: Date;
  /** The caller is an admin (always allowed on private Hubs); anyone else needs a live grant. */
  canUsePrivateHub: boolean;
  /** Booked through the partner API: born paid by the partner ('partner_invoice'), never an unpaid hold. */
  partner?: PartnerBooking;
}

export interface ReserveBySizeResult {
  reservationId: string;
  lockerId: string;
  /** The code the booking issued; null when its window had not begun (code-window.ts). */
  accessCode: string | null;
  position: AppendResult['position'];
  /** The reservation's events, to answer from when the read model cannot be reached. */
  log: TimedReservationEvent[];
}

/**
 * Books the first free active locker of a size. Candidates come from the Hub stream; the write
 * side confirms or refuses each one with an expected-version append on its day schedules,
 * together with the renter's stream, which holds the renter to their active-reservation limit.
 * What it reads is cached per process (booking-cache.ts) and only checked or refreshed.
 * With an Idempotency-Key the reservation's id and code derive from it: a retry finds the
 * reservation its first attempt made and answers with it.
 */
export function reserveBySize(deps: CommandDeps, input: ReserveBySizeInput, ctx: CommandContext): Promise<ReserveBySizeResult> {
  return inSpan('command reserveBySize', () => countedBooking(reserveBySizeNow(deps, input, ctx)), {
    attributes: { 'hub.hub_id': input.hubId, 'hub.locker_size': input.size },
  });
}

/** hub_bookings_total: booked, or the refusal's code (a DomainError's), or error. */
async function countedBooking<T>(booking: Promise<T>): Promise<T> {
  try {
    const booked = await booking;
    countBooking('booked');
    return booked;
  } catch (error) {
    countBooking(error instanceof DomainError ? error.code : 'error');
    throw error;
  }
}

async function reserveBySizeNow(deps: CommandDeps, input: ReserveBySizeInput, ctx: CommandContext): Promise<ReserveBySizeResult> {
  const reservationId = ctx.idempotencyKey ? derivedUuid('reservation', input.userId, ctx.idempotencyKey) : newId();
  const accessCode = bookingAccessCode(deps.codeSecret, reservationId);
  const alreadyMade = async (): Promise<ReserveBySizeResult | null> => {
    const made = await readReservation(deps, reservationId);
    return made.state.status !== 'none' && made.position
      ? { reservationId, lockerId: made.state.lockerId, accessCode: issuedIn(made.log, accessCode), position: made.position, log: made.log }
      : null;
  };
  const request = { ...input, reservationId, codeHash: hashAccessCode(deps.codeSecret, reservationId, accessCode) };
  try {
    const booked = await book(deps, bookingCacheFor(deps), request, ctx, alreadyMade);
    return { ...booked, reservationId, accessCode: issuedIn(booked.log, accessCode) };
  } catch (error) {
    // A retry whose first attempt committed gets that reservation, whatever this attempt would
    // decide now (ADR 0004). Looked up only when this attempt cannot book: its append of the
    // reservation stream with 'no_stream' proves, when it succeeds, that there was none.
    if (ctx.idempotencyKey && error instanceof DomainError) {
      const made = await alreadyMade();
      if (made) return made;
    }
    throw error;
  }
}

/** The booking's code when its log shows it was issued (only inside the window). */
const issuedIn = (log: TimedReservationEvent[], code: string) => (log.some((e) => e.event.type === 'AccessCodeIssued') ? code : null);

async function book(
  deps: CommandDeps,
  cache: BookingCache,
  request: LockerRequest,
  ctx: CommandContext,
  alreadyMade: () => Promise<ReserveBySizeResult | null>,
): Promise<Omit<ReserveBySizeResult, 'reservationId' | 'accessCode'>> {
  // The settings in force (issue 27): maintenance refuses new bookings only (codes, doors and
  // existing reservations go on); the admins' limit and maximum hours replace the environment's.
  const rules = await bookingRulesOf(deps);
  if (rules.maintenance) throw conflict('maintenance_mode', SettingsMessages.maintenance);
  const envHours = deps.maxReservationHours;
  deps = { ...deps, maxActiveReservations: rules.limit, maxReservationHours: rules.maxHours };
  // The window first: read-ahead enumerates its days, and a window spanning centuries must be
  // refused before it makes one read per day.
  validateWindow(request.start, request.end, ctx.now, deps.maxReservationHours);
  const hub = await readAhead(deps, cache, request);
  if (hub.status !== 'registered') throw notFound('hub_not_found', BookingMessages.hubNotFound);
  let grant: GrantHeld | undefined;
  if (hub.details.private && !request.canUsePrivateHub) {
    // Not an admin: the grant's own stream decides (never the read model), so a renter without a
    // live grant is refused whatever the client sends. Public Hubs cost no extra read.
    grant = await liveGrant(deps, request);
    request = { ...request, canUsePrivateHub: true };
  }
  const withGoods = lockersHoldingGoods(hub, request.end);
  // Uncontended, the first free locker wins, as the spec books (booking-candidates.ts).
  const lockers = bookableLockers(hub, request.size).filter((l) => !withGoods.has(l.lockerId));
  // Fails fast, before any locker is tried: at the limit, or an unpaid hold refused whichever
  // locker it gets. The locker's own due time is decided, and checked again, at the append.
  const dueTimes = lockers.map((l) => (request.partner ? null : paymentDueAtFor(l, { ...request, now: ctx.now, paymentWindowMs: paymentWindowOf(deps) })));
  const prospectiveDue = dueTimes.length > 0 && dueTimes.every((d) => d !== null) ? dueTimes[0]! : null;
  await renterOpens(deps, cache, request, ctx.now, prospectiveDue);

  const booked = await bookFirstFree(deps, cache, hub, lockers, request, ctx, {
    grant,
    prospectiveDue,
    alreadyMade: async () => {
      const made = await alreadyMade();
      return made && { lockerId: made.lockerId, position: made.position, log: made.log, fresh: false };
    },
    // Reservations made under a longer maximum may still run: look back the longer of the two.
    takenInReadModel: (unknown) => takenInReadModel({ ...deps, maxReservationHours: Math.max(envHours, rules.maxHours) }, unknown, request),
  });
  if (booked.fresh) {
    const created = booked.log[0]?.event;
    const due = created?.type === 'ReservationCreated' && created.data.paymentDueAt ? new Date(created.data.paymentDueAt) : request.end;
    await scheduleExpiry(deps, request.reservationId, due);
    // Born paid (a partner's booking): its code rotates on the server from now on, as after a payment.
    if (request.partner) {
      await scheduleReminders(deps, request.reservationId, request.end.getTime());
      await startRotation(deps.queue, request.reservationId).catch((err: unknown) =>
        deps.log.warn({ err, reservationId: request.reservationId }, 'could not start code rotation'),
      );
    }
  }
  return { lockerId: booked.lockerId, position: booked.position, log: booked.log };
}

/**
 * The renter's live grant to a private Hub, or 403. The booking appends expecting the grant's
 * stream unchanged, so a revocation landing meanwhile makes it look again (and refuse).
 */
async function liveGrant(deps: CommandDeps, request: LockerRequest): Promise<GrantHeld> {
  const read = async () => {
    const { streamId, state, version } = await readAccessStream(deps, request.hubId, request.userId);
    if (!mayUsePrivateHub({ isAdmin: false }, state)) throw forbidden('private_hub', BookingMessages.privateHub);
    return { streamId, version };
  };
  const held: GrantHeld = {
    ...(await read()),
    async recheck() {
      held.version = (await read()).version;
    },
  };
  return held;
}

/**
 * The Hub, checked by version, and meanwhile what the booking will most likely need next: the
 * renter's stream unless cached, and the first candidate's day schedules unless cached (chosen
 * from the cached Hub). One round trip's wait for all of it.
 */
async function readAhead(deps: CommandDeps, cache: BookingCache, request: LockerRequest): Promise<HubState> {
  const hubStream = hubStreamId(request.hubId);
  const renterStream = renterStreamId(request.userId);
  const cachedHub = cache.hubs.peek(hubStream);
  const first = cachedHub ? new Candidates(bookableLockers(cachedHub.state, request.size), request, cache).next() : undefined;
  const [hub] = await Promise.all([
    cache.hubs.load(deps.store, hubStream),
    cache.renters.peek(renterStream) ?? cache.renters.load(deps.store, renterStream),
    ...(first?.streamIds ?? []).filter((id) => !cache.schedules.peek(id)).map((id) => cache.schedules.load(deps.store, id)),
  ]);
  return hub.state;
}

/**
 * Read-model hint: which of these lockers have an open reservation overlapping the window. A
 * reservation lasts at most maxReservationHours, so only those starting that long before the
 * window can overlap: the (locker_id, start_time) index answers with a short range per locker.
 */
async function takenInReadModel(deps: CommandDeps, lockers: Locker[], window: { start: Date; end: Date }): Promise<string[]> {
  const earliest = new Date(window.start.getTime() - (deps.maxReservationHours + 1) * 3_600_000);
  return lockersTakenBetween(
    deps.db,
    lockers.map((l) => l.lockerId),
    earliest,
    window,
  );
}
