import { rotatedAccessCode } from '../../commands/access-code.js';
import { bookingRulesOf } from '../../commands/deps.js';
import type { SandboxDeps } from '../../commands/sandbox/sandbox-commands.js';
import {
  bookSandboxReservation,
  cancelSandboxReservation,
  getSandboxReservation,
  listSandboxReservations,
  openSandboxReservations,
} from '../../commands/sandbox/sandbox-commands.js';
import { PartnerApiMessages } from '../../contract/partner-api/partner-api-errors.js';
import type { PartnerReservationView } from '../../contract/partner-api/partner-api-reservations.js';
import type { PartnerCustomer } from '../../domain/reservations/reservation-events.js';
import { SANDBOX_HUBS } from '../../domain/sandbox/sandbox-hubs.js';
import type { SandboxReservation } from '../../domain/sandbox/sandbox-reservation.js';
import { sandboxCodeSlot } from '../../domain/sandbox/sandbox-reservation.js';
import { DomainError } from '../../domain/shared/domain-error.js';
import { ApiError } from '../http/errors.js';
import type { LockerState } from '../hubs/hub-availability.js';
import { sizeOffers } from './partner-hub-offers.js';
import type { PartnerReservations } from './partner-reservations.js';
import { listQueryOf, pageOf } from './partner-reservation-view.js';

// The partner API for a sandbox token (issue 27 item 5, docs/sandbox.md): the same contract as
// the live implementation (live-partner-reservations.ts), answered from the simulated Hubs and the
// sandbox_reservations table (commands/sandbox/). Every answer says `"sandbox": true` (the header
// Hub-Sandbox is set for every sandbox request, sandbox-header.ts). The access code is a test
// code: a keyed PRF of the reservation and its 5-minute slot, stored nowhere, opening no door.

export interface SandboxPartnerDeps extends SandboxDeps {
  codeSecret: string;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function viewOf(r: SandboxReservation): PartnerReservationView & { sandbox: true } {
  return {
    id: r.id,
    hub_id: r.hubId,
    size: r.size,
    locker_number: r.lockerNumber,
    start_time: iso(r.startMs)!,
    end_time: iso(r.endMs)!,
    status: r.status,
    price: r.priceCents,
    price_per_hour: r.pricePerHourCents,
    payment_method: r.paymentMethod,
    paid_at: iso(r.paidAtMs),
    created_at: iso(r.createdAtMs)!,
    customer: { name: r.customer.name, email: r.customer.email ?? null, phone: r.customer.phone ?? null },
    sandbox: true,
  };
}

/** The simulated Hub's lockers with the partner's open sandbox reservations as holds (the live offer rule reads them). */
const lockerStates = (open: readonly SandboxReservation[]): Map<string, LockerState[]> =>
  new Map(
    SANDBOX_HUBS.flatMap((hub) =>
      hub.status === 'registered'
        ? [
            [
              hub.hubId,
              hub.lockers.map((l) => ({
                id: l.lockerId,
                hubId: hub.hubId,
                orderNumber: l.orderNumber,
                size: l.size,
                type: l.type,
                pricePerHourCents: l.pricePerHourCents,
                status: l.status,
                collectNumber: l.collectNumber,
                holds: open
                  .filter((r) => r.lockerId === l.lockerId)
                  .map((r) => ({ reservationId: r.id, startMs: r.startMs, endMs: r.endMs, payUntilMs: r.status === 'pending' ? r.paymentDueMs : null })),
              })),
            ] as const,
          ]
        : [],
    ),
  );

export function sandboxPartnerReservations(deps: SandboxPartnerDeps): PartnerReservations {
  const codeOf = (r: SandboxReservation, now: Date) => {
    const slot = sandboxCodeSlot(r, now);
    if (!slot) return null;
    return {
      code: rotatedAccessCode(deps.codeSecret, `sandbox:${r.id}`, slot.n),
      expires_at: new Date(slot.expiresMs).toISOString(),
      expires_in: Math.max(0, Math.round((slot.expiresMs - now.getTime()) / 1000)),
    };
  };

  return {
    async listHubs(caller, window) {
      const now = deps.clock().getTime();
      const span = window ? { startMs: window.start.getTime(), endMs: window.end.getTime() } : { startMs: now, endMs: now + 1 };
      const lockers = lockerStates(await openSandboxReservations(deps, caller.id));
      const data = SANDBOX_HUBS.flatMap((hub) =>
        hub.status === 'registered'
          ? [
              {
                id: hub.hubId,
                name: hub.details.name,
                address: hub.details.address,
                city: hub.details.city,
                state: hub.details.state,
                private: false,
                availability: sizeOffers(lockers.get(hub.hubId) ?? [], span),
              },
            ]
          : [],
      );
      return { data, window: window ? { start_time: window.start.toISOString(), end_time: window.end.toISOString() } : null, sandbox: true };
    },

    async create(caller, booking, write) {
      const { name, email, phone } = booking.customer;
      const customer: PartnerCustomer = { name, ...(email ? { email } : {}), ...(phone ? { phone } : {}) };
      const made = await bookSandboxReservation(
        deps,
        caller.id,
        { hubId: booking.hub_id, size: booking.size, start: new Date(booking.start_time), end: new Date(booking.end_time), customer },
        write.idempotencyKey,
      ).catch(async (error: unknown) => {
        // The limit is the end customer's, as live says it.
        if (error instanceof DomainError && error.code === 'reservation_limit') {
          throw new ApiError(409, 'reservation_limit', PartnerApiMessages.customerLimit((await bookingRulesOf(deps)).limit));
        }
        throw error;
      });
      return { ...viewOf(made), access_code: codeOf(made, deps.clock()) };
    },

    async list(caller, filter) {
      const rows = await listSandboxReservations(deps, caller.id, listQueryOf(filter));
      return { ...pageOf(rows.map(viewOf), filter), sandbox: true };
    },

    async get(caller, id) {
      const r = await getSandboxReservation(deps, caller.id, id);
      return { ...viewOf(r), access_code: codeOf(r, deps.clock()) };
    },

    async cancel(caller, id) {
      return viewOf(await cancelSandboxReservation(deps, caller.id, id));
    },
  };
}
