import type { PartnerHubListView } from '../../contract/partner-api/partner-api-hubs.js';
import type {
  PartnerBooking,
  PartnerReservationDetailView,
  PartnerReservationPageView,
  PartnerReservationView,
  PartnerReservationsFilter,
} from '../../contract/partner-api/partner-api-reservations.js';
import type { PartnerCaller } from './partner-by-token.js';

// What the partner API's routes ask of whatever serves a partner (issue 27 item 3). The live
// implementation books real lockers (live-partner-reservations.ts); a second one (the sandbox,
// item 5) can answer the same contract without touching real stock or money. The routes only
// parse, gate and call: partnerServiceFor(caller) is the one place that chooses.

/** What a write knows of its request: the partner-scoped Idempotency-Key and the correlation id. */
export interface PartnerWrite {
  idempotencyKey: string | undefined;
  correlationId: string;
}

export interface PartnerWindow {
  start: Date;
  end: Date;
}

export interface PartnerReservations {
  /** The partner's Hubs with availability now (window null) or for the whole window, and prices in cents. */
  listHubs(caller: PartnerCaller, window: PartnerWindow | null): Promise<PartnerHubListView>;
  /** Books and pays at once ('partner_invoice'); 404 hub_not_found for a Hub that is not the partner's. */
  create(caller: PartnerCaller, booking: PartnerBooking, write: PartnerWrite): Promise<PartnerReservationDetailView>;
  /** Newest first, a page per opaque cursor (400 invalid_cursor). */
  list(caller: PartnerCaller, filter: PartnerReservationsFilter): Promise<PartnerReservationPageView>;
  /** With the access code while one is valid; 404 for another partner's reservation. */
  get(caller: PartnerCaller, id: string): Promise<PartnerReservationDetailView>;
  /** 404 for another partner's reservation. */
  cancel(caller: PartnerCaller, id: string, write: PartnerWrite): Promise<PartnerReservationView>;
}

export interface PartnerServices {
  live: PartnerReservations;
  /** Simulated Hubs only (sandbox-partner-reservations.ts, docs/sandbox.md). */
  sandbox: PartnerReservations;
}

/**
 * The implementation that serves this caller, by its token's kind: a sandbox token never reaches
 * real stock or money, a live token never sees the sandbox.
 */
export function partnerServiceFor(caller: PartnerCaller, services: PartnerServices): PartnerReservations {
  return caller.mode === 'sandbox' ? services.sandbox : services.live;
}
