import { z } from 'zod';
import { Instant } from '../reservations/reservation-schemas.js';
import { OtpHubParams } from '../logistics/logistics-schemas.js';

// What staff read of doors and controllers (issue 29 item 4, docs/door-states.md): each Hub's
// controller online, offline or never connected, and each door's latest state.

export const DoorHubParams = OtpHubParams;

export const ControllerStatusSchema = z.enum(['online', 'offline', 'never']).meta({
  description: 'online: último heartbeat dentro do limite; offline: passou do limite; never: o Hub nunca teve controlador',
});

export const ControllerView = z.object({
  status: ControllerStatusSchema,
  /** The last heartbeat (null: never heard from). */
  last_seen_at: Instant.nullable(),
  /** Offline since its last heartbeat (null unless offline). */
  offline_since: Instant.nullable(),
  /** The bound (CONTROLLER_OFFLINE_AFTER_MS): online turns offline at last_seen_at + this. */
  offline_after_ms: z.number().int(),
  /** The server's clock when it answered (pages compare last_seen_at with it, not with theirs). */
  checked_at: Instant,
});

export const DoorView = z.object({
  locker_id: z.string(),
  locker_order: z.number().int(),
  /** null: this door never reported a state. */
  state: z.enum(['opened', 'closed', 'left_open', 'jammed', 'forced']).nullable(),
  since: Instant.nullable(),
  source: z.enum(['controller', 'renter']).nullable(),
  reservation_id: z.string().nullable(),
  /** Reported from the controller's offline queue. */
  offline: z.boolean(),
});

/** GET /api/hubs/{hubId}/doors. */
export const HubDoors = z.object({ hub_id: z.string(), controller: ControllerView, doors: z.array(DoorView) });

/** GET /api/controllers: one line per Hub the caller works (every Hub for an admin). */
export const ControllerListItem = ControllerView.extend({ hub_id: z.string(), hub_name: z.string() });

export type ControllerViewData = z.infer<typeof ControllerView>;
export type DoorViewData = z.infer<typeof DoorView>;
export type HubDoorsView = z.infer<typeof HubDoors>;
export type ControllerListItemView = z.infer<typeof ControllerListItem>;
