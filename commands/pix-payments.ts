// A reservation's PIX through the payment port (ADR 0022): the charge an unpaid booking needs, and
// a notified PIX read back from the PSP before it counts. The rules are domain/payments/pix-payment.ts;
// here the PSP calls and the appends. Several replicas may do either at once: the txid is derived
// from the reservation (the PSP makes one charge of it) and the append's expected version lets one
// record it; the other decides again on the fresh stream and finds nothing left to do.
import type { PixPaymentCommand, PixPaymentState, PixVerdict, PspChargeReading } from '../domain/payments/pix-payment.js';
import { assessPix, pixChargeNeeded, pixPaymentDecider } from '../domain/payments/pix-payment.js';
import { pixTxidOf, reservationIdOfTxid } from '../domain/payments/pix-facts.js';
import { ExtensionMessages } from '../domain/reservations/extension.js';
import { conflict, DomainError } from '../domain/shared/domain-error.js';
import type { ReservationEvent } from '../domain/reservations/reservation-events.js';
import { reservationStreamId } from '../domain/reservations/reservation-events.js';
import { renterFactsOf, renterStreamId } from '../domain/reservations/renter-reservations.js';
import type { PaymentPort } from '../infra/payments/port.js';
import { PaymentProviderError } from '../infra/payments/port.js';
import { bookingCacheFor } from './booking-cache.js';
import type { CommandContext, Decision, LoadedStream } from './command-handler.js';
import { loadState, runCommand } from './command-handler.js';
import type { CommandDeps } from './deps.js';
import { paymentWindowOf } from './deps.js';
import { extendReservation, quoteReservationExtension } from './extend-reservation.js';
import type { ReservationCommandResult, TimedReservationEvent } from './reservation-commands.js';
import { runsToItsEnd } from './reservation-commands.js';

type Deps = Pick<
  CommandDeps,
  'store' | 'queue' | 'log' | 'bookingCache' | 'codeSecret' | 'settings' | 'maxActiveReservations' | 'maxReservationHours' | 'paymentWindowMs'
> & { payments: PaymentPort };

export interface PixPaymentResult extends Omit<ReservationCommandResult, 'state'> {
  state: PixPaymentState;
}

/** One PIX command on the reservation's stream; a payment also tells the renter's stream (unpaid holds). */
function runPixCommand(
  deps: Deps,
  reservationId: string,
  command: PixPaymentCommand,
  ctx: CommandContext,
  /** The stream as just read: the first attempt decides on it (its append still checks the version). */
  loaded?: LoadedStream<PixPaymentState>,
): Promise<PixPaymentResult> {
  const streamId = reservationStreamId(reservationId);
  let first = loaded;
  return runCommand<LoadedStream<PixPaymentState>, PixPaymentResult>(deps.store, ctx, {
    read: async () => {
      const reuse = first;
      first = undefined;
      return reuse ?? loadState(deps.store, streamId, pixPaymentDecider);
    },
    decide: ({ state, version, stored }): Decision<PixPaymentResult> => {
      const log: TimedReservationEvent[] = stored.map((s) => ({ event: { type: s.type, data: s.data } as ReservationEvent, at: s.metadata.at }));
      const events = pixPaymentDecider.decide(command, state);
      const next = events.reduce(pixPaymentDecider.evolve, state);
      if (events.length === 0 || next.reservation.status === 'none') return { answer: { state: next, events, log, position: null } };
      const userId = next.reservation.userId;
      const facts = renterFactsOf(userId, events, ctx.actor.id);
      const renter = facts.length ? [{ streamId: renterStreamId(userId), events: facts, expectedVersion: 'any' as const }] : [];
      return {
        append: [{ streamId, events, expectedVersion: version }, ...renter],
        written: (appended) => {
          for (const f of renter) bookingCacheFor(deps).renters.applyAppended(f.streamId, f.events, appended!.of(f.streamId).nextVersion);
          const now = ctx.now.toISOString();
          return { state: next, events, log: [...log, ...events.map((event) => ({ event, at: now }))], position: appended!.of(streamId).position };
        },
      };
    },
  });
}

/**
 * Makes the charge an unpaid reservation needs (none when it has one, is paid, closed or owes
 * nothing). The booking never depends on it: a PSP that fails is logged and null is returned, and
 * the next read of the reservation (or the renter's "Já paguei") asks again.
 */
export async function ensurePixCharge(deps: Deps, reservationId: string, ctx: CommandContext): Promise<PixPaymentResult | null> {
  const loaded = await loadState(deps.store, reservationStreamId(reservationId), pixPaymentDecider);
  const needed = pixChargeNeeded(loaded.state, ctx.now.getTime());
  if (!needed) return null;
  try {
    const charge = await deps.payments.createCharge({ ...needed, description: `Hub: reserva de locker ${reservationId.slice(0, 8)}` });
    return await runPixCommand(
      deps,
      reservationId,
      {
        type: 'RecordPixCharge',
        charge: {
          txid: charge.txid,
          amountCents: charge.amountCents,
          brcode: charge.brcode,
          expiresAt: charge.expiresAt,
          provider: deps.payments.provider,
          test: charge.test,
        },
        now: ctx.now,
      },
      ctx,
      loaded,
    );
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    deps.log.warn(
      { err: { message: err.message, status: err.status }, reservationId, txid: needed.txid },
      'PIX charge not created; asked again on the next read',
    );
    return null;
  }
}

export interface ReceivedPixOutcome {
  reservationId: string | null;
  verdict: PixVerdict;
  result: PixPaymentResult | null;
  /** What this notification appended (a payment, an extension, a late PIX): what the renter is mailed about. */
  written: readonly ReservationEvent[];
}

/**
 * A PIX the PSP notified (webhook) or the renter says they paid: the charge is read back from the
 * PSP, and only what that reading confirms is recorded. A PSP that cannot be reached throws
 * PaymentProviderError, so the webhook answers an error and the PSP notifies again.
 */
export async function receivePix(deps: Deps, notified: { txid: string; e2eid: string }, ctx: CommandContext): Promise<ReceivedPixOutcome> {
  const reservationId = reservationIdOfTxid(notified.txid);
  if (!reservationId) return { reservationId, verdict: { kind: 'not_confirmed', reason: 'txid not made by Hub' }, result: null, written: [] };
  const { state } = await readPixState(deps, reservationId);
  const early = assessPix(state, notified.e2eid, null);
  if (early.kind === 'duplicate' || !state.charges.some((c) => c.txid === notified.txid)) {
    const verdict: PixVerdict = early.kind === 'duplicate' ? early : { kind: 'not_confirmed', reason: 'no Hub charge with this txid' };
    return { reservationId, verdict, result: null, written: [] };
  }
  const reading = await deps.payments.readCharge(notified.txid);
  const verdict = assessPix(state, notified.e2eid, reading);
  if (verdict.kind === 'extend') return receiveExtensionPix(deps, reservationId, notified.e2eid, verdict, reading, ctx);
  const result = await runPixCommand(
    deps,
    reservationId,
    { type: 'ReceivePix', e2eid: notified.e2eid, reading, provider: deps.payments.provider, now: ctx.now },
    ctx,
  );
  if (result.events.some((e) => e.type === 'PaymentConfirmed')) await startPaidReservation(deps, reservationId, result.state);
  // What was written decides: a concurrent notification may have taken it in first (duplicate).
  const wrote = result.events.length > 0;
  return { reservationId, verdict: wrote || verdict.kind === 'not_confirmed' ? verdict : { kind: 'duplicate' }, result, written: result.events };
}

/** Paid: as with confirmPayment, it runs to its end. */
async function startPaidReservation(deps: Deps, reservationId: string, state: PixPaymentState) {
  if (state.reservation.status === 'active') await runsToItsEnd(deps, reservationId, state.reservation.endMs);
}

export async function readPixState(deps: Pick<CommandDeps, 'store'>, reservationId: string) {
  return loadState(deps.store, reservationStreamId(reservationId), pixPaymentDecider);
}

/**
 * An extension paid by PIX (a real PSP): the quote must find the locker free, then the PSP makes a
 * charge for its price with the next txid, payable for the payment window or until the
 * reservation ends, whichever is sooner. The extension itself is decided when the PSP confirms the
 * PIX (receivePix), so the locker is not held meanwhile: a PIX that comes too late goes back.
 */
export async function chargeExtension(deps: Deps, reservationId: string, hours: number, ctx: CommandContext) {
  const quote = await quoteReservationExtension(deps, reservationId, hours, ctx.now);
  if (quote.freeUntilMs !== null) {
    throw conflict('locker_busy', ExtensionMessages.busyUntil(quote.freeUntilMs), { freeUntil: new Date(quote.freeUntilMs).toISOString() });
  }
  const loaded = await loadState(deps.store, reservationStreamId(reservationId), pixPaymentDecider);
  const untilEndMs = loaded.state.reservation.status === 'none' ? 0 : loaded.state.reservation.endMs - ctx.now.getTime();
  const charge = await deps.payments.createCharge({
    txid: pixTxidOf(reservationId, loaded.state.charges.length + 1),
    amountCents: quote.priceCents,
    expiresInSeconds: Math.max(60, Math.floor(Math.min(paymentWindowOf(deps), untilEndMs) / 1000)),
    description: `Hub: extensão de ${hours} h da reserva ${reservationId.slice(0, 8)}`,
  });
  const fact = {
    txid: charge.txid,
    amountCents: charge.amountCents,
    brcode: charge.brcode,
    expiresAt: charge.expiresAt,
    provider: deps.payments.provider,
    test: charge.test,
    extensionHours: hours,
  };
  await runPixCommand(deps, reservationId, { type: 'RecordPixCharge', charge: fact, now: ctx.now }, ctx, loaded);
  return { hours, priceCents: quote.priceCents, charge: fact };
}

/**
 * The PSP confirmed an extension's PIX: the extension is decided with it (its key derived from the
 * e2eid, so concurrent notifications extend once). Refused by then (the locker taken, the
 * reservation over), the PIX goes back as a late one and the renter is told.
 */
async function receiveExtensionPix(
  deps: Deps,
  reservationId: string,
  e2eid: string,
  verdict: Extract<PixVerdict, { kind: 'extend' }>,
  reading: PspChargeReading | null,
  ctx: CommandContext,
): Promise<ReceivedPixOutcome> {
  const pix = { txid: verdict.txid, e2eid, paidAt: verdict.paidAt, amountCents: verdict.amountCents };
  try {
    const extended = await extendReservation(
      deps,
      reservationId,
      { hours: verdict.hours, method: 'pix', pix },
      { ...ctx, idempotencyKey: `pix-extension-${e2eid}` },
    );
    return { reservationId, verdict: extended.events.length > 0 ? verdict : { kind: 'duplicate' }, result: null, written: extended.events };
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    deps.log.warn({ reservationId, e2eid, refusal: err.code }, 'extension paid by PIX refused by now; the PIX goes back');
    const command = { type: 'ReceivePix', e2eid, reading, provider: deps.payments.provider, now: ctx.now, extensionRefused: true } as const;
    const result = await runPixCommand(deps, reservationId, command, ctx);
    return { reservationId, verdict: result.events.length > 0 ? { ...verdict, kind: 'late' } : { kind: 'duplicate' }, result, written: result.events };
  }
}
