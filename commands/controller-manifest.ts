import type { Pool } from 'pg';
import type { ManifestEntryView, ManifestView } from '../contract/controller/controller-sync.js';
import { codeKeyOf, encodeCodeKey } from '../domain/doors/code-derivation.js';
import { reservationCodesOf } from '../domain/doors/reservation-codes.js';
import { reservationStreamId } from '../domain/reservations/reservation-events.js';
import type { DomainEvent } from '../domain/shared/decider.js';
import type { EventStore, StoredEvent } from '../infra/eventstore/port.js';
import { manifestCandidateIds } from '../projections/reservations/command-queries.js';
import { asDomainEvents } from './command-handler.js';

// The manifest a Hub's controller syncs to keep its doors working offline (ADR 0025): one entry
// per paid reservation whose window meets the next 24 h and per goods awaiting pickup, each with
// the reservation's code key and where its codes are. The read model only proposes candidates;
// each is confirmed on its own stream, as the door check does (commands/open-door.ts).

export const MANIFEST_HORIZON_MS = 24 * 3_600_000;

export interface ManifestDeps {
  db: Pool;
  store: EventStore;
  codeSecret: string;
}

export interface ManifestHub {
  id: string;
  hardware: string;
  lockerOrders: ReadonlyMap<string, number>;
}

export interface ManifestSettings {
  rotationMs: number;
  syncEveryMs: number;
  heartbeatEveryMs: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** How many codes of a kind the stream issued, and when the latest was. */
function issued(stored: readonly StoredEvent[], type: 'AccessCodeIssued' | 'PickupCodeIssued') {
  const codes = stored.filter((e) => e.type === type);
  const latest = codes.at(-1)?.data as { issuedAt?: string } | undefined;
  return { nextIndex: codes.length, latestIssuedAt: latest?.issuedAt ?? null };
}

async function entryOf(
  deps: ManifestDeps,
  hub: ManifestHub,
  id: string,
  nowMs: number,
  untilMs: number,
  rotationMs: number,
): Promise<ManifestEntryView | null> {
  const stored = await deps.store.readStream(reservationStreamId(id));
  const codes = reservationCodesOf(asDomainEvents<DomainEvent>(stored));
  const kind = codes.status === 'active' ? 'access' : codes.status === 'awaiting_pickup' ? 'pickup' : null;
  if (!kind) return null;
  // A renter's code opens inside the window; a pickup code from the start until collected.
  const opensUntil = kind === 'access' ? Math.min(codes.endMs, untilMs) : untilMs;
  if (opensUntil <= nowMs || codes.startMs >= untilMs) return null;
  const lockerOrder = hub.lockerOrders.get(codes.lockerId) ?? codes.lockerOrder;
  const { nextIndex, latestIssuedAt } = issued(stored, kind === 'access' ? 'AccessCodeIssued' : 'PickupCodeIssued');
  return {
    reservation_id: id,
    kind,
    locker_id: codes.lockerId,
    locker_order: lockerOrder,
    locker_interface: `${hub.hardware}:${String(lockerOrder).padStart(2, '0')}`,
    opens_from: iso(codes.startMs),
    opens_until: iso(opensUntil),
    code_key: encodeCodeKey(codeKeyOf(deps.codeSecret, id)),
    next_index: nextIndex,
    latest_issued_at: latestIssuedAt,
    rotation_ms: rotationMs,
  };
}

export async function buildManifest(deps: ManifestDeps, hub: ManifestHub, now: Date, settings: ManifestSettings): Promise<ManifestView> {
  const nowMs = now.getTime();
  const untilMs = nowMs + MANIFEST_HORIZON_MS;
  const ids = await manifestCandidateIds(deps.db, hub.id, now, new Date(untilMs));
  const entries = await Promise.all(ids.map((id) => entryOf(deps, hub, id, nowMs, untilMs, settings.rotationMs)));
  return {
    hub_id: hub.id,
    issued_at: iso(nowMs),
    valid_until: iso(untilMs),
    sync_every_ms: settings.syncEveryMs,
    heartbeat_every_ms: settings.heartbeatEveryMs,
    entries: entries
      .filter((e): e is ManifestEntryView => e !== null)
      .sort((a, b) => a.locker_order - b.locker_order || a.opens_from.localeCompare(b.opens_from)),
  };
}
