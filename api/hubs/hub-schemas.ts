import { z } from 'zod';

// The wire shapes of the Hub read path (spec §3), as zod schemas. Fastify serializes answers
// with fast-json-stringify from their JSON Schema (`responseSchema`), which writes only the
// fields named here: a field added to a row by mistake (a secret) cannot leak through.

const SizeAvailability = z.object({
  total: z.number().int(),
  available: z.number().int(),
  price_per_hour: z.number().nullable(),
});

/** A Hub in the lists: counts and prices per size, no lockers (1,000 Hubs fit one answer). */
export const HubSummary = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  zipcode: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  description: z.string(),
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
  size: z.enum(['P', 'M', 'G', 'X']),
  type: z.string(),
  price_per_hour: z.number(),
  status: z.string(),
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
export type HubDetailView = z.infer<typeof HubDetail>;
export type LockerViewShape = z.infer<typeof LockerView>;

/** The JSON Schema Fastify compiles a serializer from. */
export function responseSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' });
  return json;
}
