import type {
  CollectionItemView,
  GeneratedOtpView,
  StaffHubCountersView,
  StaffHubDetailView,
  StaffHubReservationView,
  StaffHubSummaryView,
} from '@contract/logistics/logistics-schemas';
import type { DoorOpeningView } from '@contract/controller/controller-endpoints';
import type { ReservationStatusValue } from '@contract/reservations/reservation-schemas';

// What the logistics screens read, as the contract declares it (contract/logistics/,
// docs/logistics-api.md).

export type LogisticsReservationStatus = ReservationStatusValue;
/** GET /api/logistics/hubs: the caller's assigned Hubs (every Hub for an admin). */
export type LogisticsHubSummary = StaffHubSummaryView;
export type LogisticsHubCounters = StaffHubCountersView;
export type LogisticsHubReservation = StaffHubReservationView;
/** GET /api/logistics/hubs/{id}. */
export type LogisticsHubDetail = StaffHubDetailView;
/** One item of the pickup queue (GET /api/logistics/collections), oldest first. */
export type CollectionItem = CollectionItemView;
/** POST /api/otp/generate/{hubId} → 201. */
export type GeneratedOtp = GeneratedOtpView;
/** POST /api/terminal/{hubId}/press → 200: what the door controller was told to open. */
export type DoorOpening = DoorOpeningView;
