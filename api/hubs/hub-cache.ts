import type { GlobalPosition } from '../../infra/eventstore/port.js';
import { comparePositions } from '../../infra/eventstore/port.js';
import type { Hold, LockerState } from './hub-availability.js';
import { holdEndMs } from './hub-availability.js';
import type { BuiltBody, BuiltFragment, SummaryShape } from './hub-bodies.js';
import type { HubRow, HubSnapshot, LoadedHub } from './hub-loader.js';

// The Hubs one API process serves, in memory: each as the read models last showed it (tied to
// the projection position of that read), plus this process's own command results that the
// projections have not passed yet ("overlays"), so the process that answered a booking never
// shows its locker free afterwards. An overlay is dropped as soon as a load of its Hub reflects
// a position at or past its own.

/** A reservation as a command just left it. */
export interface ReservationNote {
  reservationId: string;
  hubId: string;
  lockerId: string;
  startMs: number;
  endMs: number;
  status: string;
  /** Payment deadline while pending; null when nothing is owed or once paid. */
  paymentDueMs: number | null;
}

/** A Hub as served now: read-model state with overlays applied. Replaced, never mutated. */
export interface CachedHub {
  row: HubRow;
  lockers: readonly LockerState[];
  /** Has at least one GMV (rentable) locker, whatever its status. */
  hasGmv: boolean;
  /** The cache version at which this state was made; bodies built from it are keyed by it. */
  version: number;
  /** Serialized answers built from this state (hub-bodies.ts): its list fragments by shape, its details by variant. */
  summaries: Map<SummaryShape, BuiltFragment>;
  details: Map<string, BuiltBody>;
}

interface Overlay {
  lockerId: string;
  /** The hold the reservation now has; null once it no longer holds its locker. */
  hold: Hold | null;
  position: GlobalPosition;
}

interface Entry {
  base: LoadedHub;
  loadedAt: GlobalPosition;
  view: CachedHub;
}

// Goods left for pickup still occupy the locker.
const isOpen = (status: string) => status === 'pending' || status === 'active' || status === 'awaiting_pickup';

export function holdOf(note: ReservationNote): Hold | null {
  if (!isOpen(note.status)) return null;
  return {
    reservationId: note.reservationId,
    startMs: note.startMs,
    endMs: holdEndMs(note.status, note.endMs),
    payUntilMs: note.status === 'pending' ? note.paymentDueMs : null,
  };
}

const atOrPast = (loaded: GlobalPosition, position: GlobalPosition) => comparePositions(loaded, position) >= 0;

export class HubCache {
  readonly #entries = new Map<string, Entry>();
  /** Per Hub, per reservation. */
  readonly #overlays = new Map<string, Map<string, Overlay>>();
  #version = 0;
  #placesVersion = 0;
  #sorted: CachedHub[] | null = null;

  /** Grows with every change; list bodies are keyed by it. */
  get version(): number {
    return this.#version;
  }

  /**
   * Grows only when a Hub appears, goes, moves or changes visibility: the map's clusters
   * (hub-viewport.ts) are rebuilt on it, never on a booking.
   */
  get placesVersion(): number {
    return this.#placesVersion;
  }

  get(hubId: string): CachedHub | undefined {
    return this.#entries.get(hubId)?.view;
  }

  /** Every Hub, by id. */
  all(): readonly CachedHub[] {
    this.#sorted ??= [...this.#entries.values()].map((e) => e.view).sort((a, b) => (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0));
    return this.#sorted;
  }

  /** Command results not yet shown by the read models. */
  get overlayCount(): number {
    let n = 0;
    for (const byReservation of this.#overlays.values()) n += byReservation.size;
    return n;
  }

  /**
   * Takes a load's rows. `asked` are the Hubs it was for (every Hub when omitted): those
   * missing from it are gone.
   */
  applySnapshot(snapshot: HubSnapshot, asked?: readonly string[]): void {
    const loaded = new Map(snapshot.hubs.map((hub) => [hub.row.id, hub]));
    const ids = asked ?? [...new Set([...this.#entries.keys(), ...this.#overlays.keys(), ...loaded.keys()])];
    for (const id of ids) {
      const current = this.#entries.get(id);
      if (current && !atOrPast(snapshot.position, current.loadedAt)) continue; // never step back
      this.#dropShown(id, snapshot.position);
      const hub = loaded.get(id);
      if (hub) this.#put(hub, snapshot.position);
      else if (current) this.#remove(id);
    }
  }

  /**
   * Records a command's result at its log position. False when the Hub is not known here yet
   * (the caller loads it; the overlay waits for it).
   */
  noteReservation(note: ReservationNote, position: GlobalPosition): boolean {
    const entry = this.#entries.get(note.hubId);
    if (entry && atOrPast(entry.loadedAt, position)) return true; // the read model already shows it
    const byReservation = this.#overlays.get(note.hubId) ?? new Map<string, Overlay>();
    this.#overlays.set(note.hubId, byReservation);
    const previous = byReservation.get(note.reservationId);
    if (previous && atOrPast(previous.position, position)) return entry !== undefined; // a later result is in
    byReservation.set(note.reservationId, { lockerId: note.lockerId, hold: holdOf(note), position });
    if (entry) this.#put(entry.base, entry.loadedAt);
    return entry !== undefined;
  }

  /** Drops a Hub's overlays that a read at `position` already shows. */
  #dropShown(hubId: string, position: GlobalPosition): void {
    const byReservation = this.#overlays.get(hubId);
    if (!byReservation) return;
    for (const [reservationId, overlay] of byReservation) if (atOrPast(position, overlay.position)) byReservation.delete(reservationId);
    if (byReservation.size === 0) this.#overlays.delete(hubId);
  }

  #put(base: LoadedHub, loadedAt: GlobalPosition): void {
    const lockers = this.#withOverlays(base);
    const view: CachedHub = {
      row: base.row,
      lockers,
      hasGmv: lockers.some((l) => l.type === 'GMV'),
      version: ++this.#version,
      summaries: new Map(),
      details: new Map(),
    };
    const before = this.#entries.get(base.row.id)?.view.row;
    if (!before || before.latitude !== base.row.latitude || before.longitude !== base.row.longitude || before.private !== base.row.private)
      this.#placesVersion++;
    this.#entries.set(base.row.id, { base, loadedAt, view });
    this.#sorted = null;
  }

  #remove(id: string): void {
    this.#entries.delete(id);
    this.#version++;
    this.#placesVersion++;
    this.#sorted = null;
  }

  #withOverlays(base: LoadedHub): readonly LockerState[] {
    const byReservation = this.#overlays.get(base.row.id);
    if (!byReservation) return base.lockers;
    return base.lockers.map((locker) => {
      const holds = locker.holds.filter((h) => !byReservation.has(h.reservationId));
      for (const overlay of byReservation.values()) if (overlay.lockerId === locker.id && overlay.hold) holds.push(overlay.hold);
      return { ...locker, holds };
    });
  }
}
