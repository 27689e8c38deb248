// Wire shapes of docs/logistics-api.md (issue 9): what the logistics screens read and send.

export type LogisticsReservationStatus = 'pending' | 'active' | 'awaiting_pickup' | 'completed' | 'cancelled' | 'expired';

/** GET /api/logistics/hubs: the caller's assigned Hubs (every Hub for an admin). */
export interface LogisticsHubSummary {
  id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  locker_count: number;
  active_count: number;
}

export interface LogisticsHubCounters {
  lockers: number;
  active_lockers: number;
  inactive_lockers: number;
  active_reservations: number;
  pending_pickups: number;
}

export interface LogisticsHubReservation {
  id: string;
  locker_id: string;
  locker_order_number: number;
  locker_size: string;
  user_id: string;
  user_name: string | null;
  start_time: string;
  end_time: string;
  status: LogisticsReservationStatus;
  claimed_by: string | null;
  claimed_by_name: string | null;
}

/** GET /api/logistics/hubs/{id}. */
export interface LogisticsHubDetail {
  hub: { id: string; name: string; address?: string; zipcode?: string; city?: string; state?: string; country?: string };
  counters: LogisticsHubCounters;
  reservations: LogisticsHubReservation[];
}

/** One item of the pickup queue (GET /api/logistics/collections), oldest first. */
export interface CollectionItem {
  reservation_id: string;
  hub_id: string;
  hub_name: string;
  locker_order_number: number;
  locker_size: string;
  user_name: string | null;
  left_for_pickup_at: string;
  claimed_by: string | null;
  claimed_by_name: string | null;
}

/** POST /api/otp/generate/{hubId} → 201. */
export interface GeneratedOtp {
  otp: string;
  expiresAt: string;
  generatedAt: string;
  lockerInterface: string;
  lockerOrder: number;
  reservationId: string;
}

/** POST /api/terminal/{hubId}/press → 200: what the door controller was told to open. */
export interface DoorOpening {
  lockerInterface: string;
  lockerOrder: number;
  reservationId: string;
}
