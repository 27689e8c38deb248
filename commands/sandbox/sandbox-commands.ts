import type { LockerSize } from '../../domain/hubs/hub-events.js';
import type { PartnerCustomer } from '../../domain/reservations/reservation-events.js';
import { sandboxHub } from '../../domain/sandbox/sandbox-hubs.js';
import type { SandboxReservation } from '../../domain/sandbox/sandbox-reservation.js';
import { bookSandbox, decideSandbox, sandboxNotFound, settleSandbox } from '../../domain/sandbox/sandbox-reservation.js';
import { conflict, notFound } from '../../domain/shared/domain-error.js';
import { SettingsMessages } from '../../domain/settings/settings-decide.js';
import { withTransaction } from '../../infra/db/pool.js';
import type { Queryable } from '../../infra/db/queryable.js';
import type { CommandDeps } from '../deps.js';
import { bookingRulesOf, paymentWindowOf } from '../deps.js';
import { derivedUuid } from '../idempotency.js';
import { newId } from '../new-id.js';
import type { SandboxFilter } from './sandbox-store.js';
import { dueSandbox, insertSandbox, lockPartnerSandbox, openSandbox, pageSandbox, sandboxById, updateSandbox } from './sandbox-store.js';

// The sandbox's commands (issue 27 item 5, docs/sandbox.md): the domain decides with the live
// rules (domain/sandbox/), the table keeps the result. One partner's writes run one at a time
// under a transaction-scoped advisory lock, so two bookings racing for the last free simulated
// locker cannot both see it free: the second waits, then finds it taken. Nothing here touches
// the event store, a real Hub, the job queue or money.

export type SandboxDeps = Pick<CommandDeps, 'db' | 'clock' | 'settings' | 'maxReservationHours' | 'maxActiveReservations' | 'paymentWindowMs'>;

export interface SandboxBookingInput {
  hubId: string;
  size: LockerSize;
  start: Date;
  end: Date;
  customer: PartnerCustomer;
}

export const SandboxCommandMessages = {
  hubNotFound: 'Hub não encontrado entre os Hubs de teste do sandbox.',
} as const;

/** Writes back what settling changed (expired by time); answers the settled records. */
async function settled(db: Queryable, records: SandboxReservation[], now: Date): Promise<SandboxReservation[]> {
  return Promise.all(
    records.map(async (r) => {
      const s = settleSandbox(r, now);
      if (s !== r) await updateSandbox(db, s);
      return s;
    }),
  );
}

/**
 * Books on a simulated Hub. With an Idempotency-Key the id derives from the partner and the key,
 * so a retry whose first answer was lost finds the reservation its first attempt made.
 */
export async function bookSandboxReservation(
  deps: SandboxDeps,
  partnerId: string,
  input: SandboxBookingInput,
  idempotencyKey?: string | null,
): Promise<SandboxReservation> {
  const hub = sandboxHub(input.hubId);
  if (!hub) throw notFound('hub_not_found', SandboxCommandMessages.hubNotFound);
  const rules = await bookingRulesOf(deps);
  if (rules.maintenance) throw conflict('maintenance_mode', SettingsMessages.maintenance);
  const reservationId = idempotencyKey ? derivedUuid('sandbox-reservation', partnerId, idempotencyKey) : newId();
  return withTransaction(deps.db, async (client) => {
    await lockPartnerSandbox(client, partnerId);
    const made = await sandboxById(client, partnerId, reservationId);
    if (made) return made;
    const now = deps.clock();
    const open = await settled(client, await openSandbox(client, partnerId), now);
    const booked = bookSandbox(
      {
        reservationId,
        partnerId,
        size: input.size,
        start: input.start,
        end: input.end,
        now,
        maxHours: rules.maxHours,
        limit: rules.limit,
        paymentWindowMs: paymentWindowOf(deps),
        customer: input.customer,
      },
      hub,
      open,
    );
    await insertSandbox(client, booked);
    return booked;
  });
}

export async function cancelSandboxReservation(deps: SandboxDeps, partnerId: string, id: string): Promise<SandboxReservation> {
  return withTransaction(deps.db, async (client) => {
    await lockPartnerSandbox(client, partnerId);
    const found = await sandboxById(client, partnerId, id, true);
    if (!found) throw sandboxNotFound();
    const now = deps.clock();
    const [current] = await settled(client, [found], now);
    const cancelled = decideSandbox(current!, { type: 'CancelReservation', reason: 'partner', now });
    if (cancelled !== current) await updateSandbox(client, cancelled);
    return cancelled;
  });
}

export async function getSandboxReservation(deps: SandboxDeps, partnerId: string, id: string): Promise<SandboxReservation> {
  const found = await sandboxById(deps.db, partnerId, id);
  if (!found) throw sandboxNotFound();
  const [current] = await settled(deps.db, [found], deps.clock());
  return current!;
}

/** A page of the partner's sandbox reservations, after settling the ones time has closed (so the status filter is exact). */
export async function listSandboxReservations(deps: SandboxDeps, partnerId: string, filter: SandboxFilter): Promise<SandboxReservation[]> {
  const now = deps.clock();
  await settled(deps.db, await dueSandbox(deps.db, partnerId, now), now);
  return pageSandbox(deps.db, partnerId, filter);
}

/** The partner's open sandbox reservations as of now, for the simulated Hubs' availability. */
export async function openSandboxReservations(deps: SandboxDeps, partnerId: string): Promise<SandboxReservation[]> {
  const now = deps.clock();
  return (await settled(deps.db, await openSandbox(deps.db, partnerId), now)).filter((r) => r.status === 'pending' || r.status === 'active');
}
