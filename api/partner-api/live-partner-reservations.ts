import { randomUUID } from 'node:crypto';
import type { CommandContext } from '../../commands/command-handler.js';
import type { CommandDeps } from '../../commands/deps.js';
import { bookingRulesOf } from '../../commands/deps.js';
import { derivedUuid } from '../../commands/idempotency.js';
import type { TimedReservationEvent } from '../../commands/reservation-commands.js';
import { endReservation, readReservation } from '../../commands/reservation-commands.js';
import { reserveBySize } from '../../commands/reserve-by-size.js';
import { currentAccessCode, startRotation } from '../../commands/rotate-access-code.js';
import { PartnerApiMessages, partnerHubNotFound, partnerReservationNotFound } from '../../contract/partner-api/partner-api-errors.js';
import type { PartnerReservationDetailView } from '../../contract/partner-api/partner-api-reservations.js';
import { codeOpens } from '../../domain/doors/code-window.js';
import { PARTNER_API_ACTOR_ROLE } from '../../domain/partners/partner-events.js';
import type { PartnerCustomer } from '../../domain/reservations/reservation-events.js';
import { DomainError } from '../../domain/shared/domain-error.js';
import type { GlobalPosition } from '../../infra/eventstore/port.js';
import { partnerHasHub, partnerHubIds } from '../../projections/partners/queries.js';
import { listPartnerReservationRows } from '../../projections/reservations/partner-queries.js';
import type { ReservationNote } from '../hubs/hub-cache.js';
import type { HubReadModel } from '../hubs/hub-read-model.js';
import { ApiError } from '../http/errors.js';
import { reservationFromEvents } from '../reservations/reservation-from-log.js';
import type { PartnerCaller } from './partner-by-token.js';
import { sizeOffers } from './partner-hub-offers.js';
import type { PartnerReservations, PartnerWrite } from './partner-reservations.js';
import { listQueryOf, pageOf, partnerViewOfLog, partnerViewOfRow } from './partner-reservation-view.js';

// The partner API on real stock and money (issue 27 item 3). A booking goes through the renters'
// own command (reserve-by-size.ts) as the partner's end customer, who has no Hub account: the
// reservation's userId is derived from the partner and the customer's e-mail (else phone), so
// the renter limits hold per end customer, and it is born paid by the partner ('partner_invoice'),
// so the unpaid-hold limit never refuses it. One reservation is read from its own stream (as
// current as the last command, whatever the projections' lag); lists come from the read model.

export interface LivePartnerDeps extends CommandDeps {
  /** The in-memory Hubs with their lockers and holds (the public Hub list's source). */
  model: HubReadModel;
}

/** The end customer's account-less identity: the same partner and contact, the same renter. */
export const endCustomerId = (partnerId: string, customer: PartnerCustomer) =>
  derivedUuid('partner-customer', partnerId, customer.email ? `email:${customer.email}` : `phone:${customer.phone ?? ''}`);

const notFound = () => new ApiError(404, partnerReservationNotFound.code, partnerReservationNotFound.message);

export function livePartnerReservations(deps: LivePartnerDeps): PartnerReservations {
  const contextOf = (caller: PartnerCaller, write: PartnerWrite | null): CommandContext => ({
    actor: { id: caller.id, role: PARTNER_API_ACTOR_ROLE },
    correlationId: write?.correlationId ?? randomUUID(),
    causationId: null,
    now: deps.clock(),
    ...(write?.idempotencyKey ? { idempotencyKey: write.idempotencyKey } : {}),
  });

  /** The reservation's stream if the partner booked it; 404 alike for another's or none. */
  async function ownStream(caller: PartnerCaller, id: string) {
    const read = await readReservation(deps, id);
    const made = partnerViewOfLog(read.log);
    if (!made || made.partnerId !== caller.id || read.state.status === 'none') throw notFound();
    return { ...read, view: made.view, state: read.state };
  }

  /** This process's Hub list shows the command's result at once (the change feed does the rest). */
  async function tellHubCache(log: TimedReservationEvent[], position: GlobalPosition | null) {
    const row = reservationFromEvents(log);
    if (!row || !position) return;
    const note: ReservationNote = {
      reservationId: row.id,
      hubId: row.hub_id,
      lockerId: row.locker_id,
      startMs: row.start_time.getTime(),
      endMs: row.end_time.getTime(),
      status: row.status,
      paymentDueMs: row.payment_due_at?.getTime() ?? null,
    };
    await deps.model
      .noteReservation(note, position)
      .catch((err: unknown) => deps.log.warn({ err, reservationId: row.id }, 'Hub cache not told of a partner booking'));
  }

  return {
    async listHubs(caller, window) {
      const nowMs = deps.clock().getTime();
      const span = window ? { startMs: window.start.getTime(), endMs: window.end.getTime() } : { startMs: nowMs, endMs: nowMs + 1 };
      const data = [];
      for (const id of await partnerHubIds(deps.db, caller.id)) {
        const hub = deps.model.cache.get(id);
        if (!hub) continue;
        const { row } = hub;
        data.push({
          id: row.id,
          name: row.name,
          address: row.address,
          city: row.city,
          state: row.state,
          private: row.private,
          availability: sizeOffers(hub.lockers, span),
        });
      }
      return { data, window: window ? { start_time: window.start.toISOString(), end_time: window.end.toISOString() } : null };
    },

    async create(caller, booking, write) {
      const hubId = booking.hub_id.toUpperCase();
      if (!(await partnerHasHub(deps.db, caller.id, hubId))) throw new ApiError(404, partnerHubNotFound.code, PartnerApiMessages.hubNotFound);
      const { name, email, phone } = booking.customer;
      const customer: PartnerCustomer = { name, ...(email ? { email } : {}), ...(phone ? { phone } : {}) };
      const ctx = contextOf(caller, write);
      const result = await reserveBySize(
        deps,
        {
          userId: endCustomerId(caller.id, customer),
          hubId,
          size: booking.size,
          start: new Date(booking.start_time),
          end: new Date(booking.end_time),
          // The partner owns the Hub: granted whether it is private or not.
          canUsePrivateHub: true,
          partner: { partnerId: caller.id, customer },
        },
        ctx,
      ).catch(async (error: unknown) => {
        // The limit is the end customer's, not the partner's: say so.
        if (error instanceof DomainError && error.code === 'reservation_limit') {
          throw new ApiError(409, 'reservation_limit', PartnerApiMessages.customerLimit((await bookingRulesOf(deps)).limit));
        }
        throw error;
      });
      await tellHubCache(result.log, result.position);
      const made = partnerViewOfLog(result.log);
      if (!made) throw notFound();
      const issued = result.log.findLast((e) => e.event.type === 'AccessCodeIssued')?.event;
      const expiresAt = issued?.type === 'AccessCodeIssued' ? issued.data.expiresAt : null;
      const access_code = result.accessCode && expiresAt ? codeAnswer(result.accessCode, expiresAt, ctx.now) : null;
      return { ...made.view, access_code };
    },

    async list(caller, filter) {
      const rows = await listPartnerReservationRows(deps.db, { partnerId: caller.id, ...listQueryOf(filter) });
      return pageOf(rows.map(partnerViewOfRow), filter);
    },

    async get(caller, id): Promise<PartnerReservationDetailView> {
      const { state, view } = await ownStream(caller, id);
      const ctx = contextOf(caller, null);
      // The renter's code rule: only while paid and inside the window (code-window.ts).
      if (state.status !== 'active' || !codeOpens('access', state, ctx.now.getTime())) return { ...view, access_code: null };
      const current = await currentAccessCode(deps, id, ctx);
      if (!current.code || !current.expiresAt) return { ...view, access_code: null };
      if (current.issued)
        await startRotation(deps.queue, id).catch((err: unknown) => deps.log.warn({ err, reservationId: id }, 'could not start code rotation'));
      return { ...view, access_code: codeAnswer(current.code, current.expiresAt, ctx.now) };
    },

    async cancel(caller, id, write) {
      await ownStream(caller, id);
      const result = await endReservation(deps, id, 'cancel', contextOf(caller, write), 'Cancelada pelo parceiro');
      await tellHubCache(result.log, result.position);
      const made = partnerViewOfLog(result.log);
      if (!made) throw notFound();
      return made.view;
    },
  };
}

const codeAnswer = (code: string, expiresAt: string, now: Date) => ({
  code,
  expires_at: expiresAt,
  expires_in: Math.max(0, Math.round((Date.parse(expiresAt) - now.getTime()) / 1000)),
});
