import { z } from 'zod';

import { LOCKER_SIZES, LOCKER_TYPES } from '../../domain/hubs/hub-events.js';
import { HubIdPathField, LOCKER_STATUSES } from '../shared/hub-fields.js';

// The wire shapes of the Hub read path (spec §3). The server serializes answers from them (only
// the fields named here leave: a field added to a row by mistake, a secret, cannot leak).

export const LockerSizeSchema = z.enum(LOCKER_SIZES);

const SizeAvailability = z.object({
  total: z.number().int(),
  available: z.number().int(),
  price_per_hour: z.number().nullable(),
});

/** Which Hub and where: the fields every answer naming a whole Hub starts with. */
export const HubPlace = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  zipcode: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  description: z.string(),
});

/** A Hub in the lists: counts and prices per size, no lockers (1,000 Hubs fit one answer). */
export const HubSummary = HubPlace.extend({
  location: z.object({ latitude: z.number(), longitude: z.number() }),
  image_url: z.string().nullable(),
  private: z.boolean(),
  autoRegistration: z.boolean(),
  type: z.string(),
  hardware: z.string(),
  locker_count: z.number().int(),
  lockers_available: z.number().int(),
  availability: z.object({ P: SizeAvailability, M: SizeAvailability, G: SizeAvailability, X: SizeAvailability }),
});

/**
 * A Hub in the public lists: what the map, its markers and its cards show. The CEP, description,
 * country, hardware and type come with the detail; leaving them out makes the city list a
 * quarter smaller (36 → 27 KB of brotli).
 */
export const HubMapSummary = HubSummary.pick({
  id: true,
  name: true,
  address: true,
  city: true,
  state: true,
  location: true,
  image_url: true,
  private: true,
  locker_count: true,
  lockers_available: true,
  availability: true,
});

export const LockerView = z.object({
  id: z.string(),
  hub_id: z.string(),
  order_number: z.number().int(),
  size: LockerSizeSchema,
  type: z.enum(LOCKER_TYPES),
  price_per_hour: z.number(),
  status: z.enum(LOCKER_STATUSES),
  collect_number: z.string().nullable(),
  available_now: z.boolean(),
});

/** GET /api/hubs/{id}: the summary plus every locker; the secret key for admins only. */
export const HubDetail = HubSummary.extend({
  lockers: z.array(LockerView),
  secret_key: z.string().optional(),
  has_access: z.boolean(),
});

export const HubList = z.array(HubSummary);
export const HubMapList = z.array(HubMapSummary);

export type HubSummaryView = z.infer<typeof HubSummary>;
export type HubMapSummaryView = z.infer<typeof HubMapSummary>;
export type HubDetailView = z.infer<typeof HubDetail>;
export type LockerViewShape = z.infer<typeof LockerView>;
export type LockerSizeValue = z.infer<typeof LockerSizeSchema>;

/** A Hub's id as it appears in a path: 'SP-01' (any case; the server upper-cases it). */
export const HubIdParams = z.object({ id: HubIdPathField });
