import { z } from 'zod';
import { HubPlace, LockerSizeSchema } from '../hubs/hub-schemas.js';
import { HubIdPathField } from '../shared/hub-fields.js';
import { Instant, ReservationStatusSchema } from '../reservations/reservation-schemas.js';

// The wire shapes of the logistics screens (docs/logistics-api.md): the staff's Hubs, a Hub's
// counters and open reservations, the pickup queue, and a pickup code.

/** A Hub's id in the path of a staff or controller call ('SP-01'; the server upper-cases it). */
export const HubIdInPath = HubIdPathField;
export const StaffHubParams = z.object({ id: HubIdInPath });
export const OtpHubParams = z.object({ hubId: HubIdInPath });
export const CollectionParams = z.object({ id: z.uuid('ID da coleta inválido.') });

/** GET /api/logistics/hubs: the caller's assigned Hubs (every Hub for an admin). */
export const StaffHubSummary = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  locker_count: z.number().int(),
  active_count: z.number().int(),
});

export const StaffHubCounters = z.object({
  lockers: z.number().int(),
  active_lockers: z.number().int(),
  inactive_lockers: z.number().int(),
  active_reservations: z.number().int(),
  pending_pickups: z.number().int(),
});

/** What staff act on at a Hub: reservations under way or waiting, not its whole past. */
export const StaffHubReservation = z.object({
  id: z.string(),
  locker_id: z.string(),
  locker_order_number: z.number().int(),
  locker_size: LockerSizeSchema,
  user_id: z.string(),
  user_name: z.string().nullable(),
  start_time: Instant,
  end_time: Instant,
  status: ReservationStatusSchema,
  claimed_by: z.string().nullable(),
  claimed_by_name: z.string().nullable(),
});

/** GET /api/logistics/hubs/{id}. */
export const StaffHubDetail = z.object({
  hub: HubPlace.extend({
    image_url: z.string().nullable(),
    kind: z.string(),
    hardware: z.string(),
  }),
  counters: StaffHubCounters,
  reservations: z.array(StaffHubReservation),
});

/**
 * One item left for pickup. The Hub's name and the time it was left are null only in an answer
 * made from the reservation's events before the read model had them.
 */
export const CollectionItem = z.object({
  reservation_id: z.string(),
  hub_id: z.string(),
  hub_name: z.string().nullable(),
  locker_order_number: z.number().int(),
  locker_size: LockerSizeSchema,
  user_name: z.string().nullable(),
  left_for_pickup_at: Instant.nullable(),
  claimed_by: z.string().nullable(),
  claimed_by_name: z.string().nullable(),
  status: ReservationStatusSchema,
});

export const OtpBody = z.object({
  reservation_id: z.uuid('ID da coleta inválido.').optional().meta({
    description: 'A coleta; sem ela, a mais antiga assumida pelo usuário neste Hub, ou a mais antiga ainda sem dono (que ele assume).',
  }),
});

/** POST /api/otp/generate/{hubId} → 201. */
export const GeneratedOtp = z.object({
  otp: z.string(),
  expiresAt: Instant,
  generatedAt: Instant,
  lockerInterface: z.string().meta({ description: '"{hardware}:{ordem, dois dígitos}", ex.: LK-31:03' }),
  lockerOrder: z.number().int(),
  reservationId: z.string(),
});

export type StaffHubSummaryView = z.infer<typeof StaffHubSummary>;
export type StaffHubCountersView = z.infer<typeof StaffHubCounters>;
export type StaffHubReservationView = z.infer<typeof StaffHubReservation>;
export type StaffHubDetailView = z.infer<typeof StaffHubDetail>;
export type CollectionItemView = z.infer<typeof CollectionItem>;
export type GeneratedOtpView = z.infer<typeof GeneratedOtp>;
