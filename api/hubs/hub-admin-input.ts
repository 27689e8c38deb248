import { z } from 'zod';
import type { HubDetails, Hardware } from '../../domain/hubs/hub-events.js';
import { HARDWARE } from '../../domain/hubs/hub-events.js';
import { BoundsMessages, HUB_TEXT_LIMITS, latitudeInBounds, longitudeInBounds } from '../../domain/hubs/hub-bounds.js';
import type { HubChanges, NewHub } from '../../commands/hub-admin-commands.js';
import { boundedNumberish, numberOf } from '../http/bounded-number.js';
import { badRequest } from '../http/errors.js';
import { LockerFields, newLockerOf } from '../lockers/locker-schemas.js';

// POST and PUT /api/hubs bodies. Both payloads of the spec are taken: the API's {latitude,
// longitude, secret_key} and the dashboard's {location: {latitude, longitude}, secretKey,
// private, autoRegistration, type, hardware, lockers}. The id and the secret key are checked by
// the domain (its messages are the spec's §5 texts); here only presence and shapes.

export const HubFormMessages = {
  required: 'Por favor, preencha todos os campos obrigatórios.',
  idImmutable: 'O ID do Hub não pode ser alterado.',
} as const;

const Text = (max: number) => z.string().trim().max(max).nullish();
// Blank is left to the required check; text that holds no number is refused (the domain would).
const Latitude = boundedNumberish(latitudeInBounds, 'invalid_coordinates', BoundsMessages.latitude, { unparsablePasses: false });
const Longitude = boundedNumberish(longitudeInBounds, 'invalid_coordinates', BoundsMessages.longitude, { unparsablePasses: false });

export const HubBody = z.object({
  id: Text(200),
  name: Text(HUB_TEXT_LIMITS.name),
  address: Text(HUB_TEXT_LIMITS.address),
  zipcode: Text(HUB_TEXT_LIMITS.zipcode),
  city: Text(HUB_TEXT_LIMITS.city),
  state: Text(HUB_TEXT_LIMITS.state),
  country: Text(HUB_TEXT_LIMITS.country),
  description: Text(HUB_TEXT_LIMITS.description),
  latitude: Latitude,
  longitude: Longitude,
  location: z.object({ latitude: Latitude, longitude: Longitude }).nullish(),
  image_url: Text(HUB_TEXT_LIMITS.imageUrl),
  secret_key: Text(200),
  secretKey: Text(200),
  private: z.boolean().nullish(),
  autoRegistration: z.boolean().nullish(),
  type: z.enum(['centralized', 'decentralized'], 'Tipo deve ser centralized ou decentralized').nullish(),
  hardware: z.enum(HARDWARE as [Hardware, ...Hardware[]], 'Hardware deve ser LK-31, LK-60, LK-ABS ou Outro').nullish(),
  lockers: z.array(LockerFields).max(200, 'No máximo 200 lockers por Hub').nullish(),
});
export type HubBodyInput = z.output<typeof HubBody>;

const required = () => badRequest('validation_failed', HubFormMessages.required);
const given = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null && value !== '';


function coordinates(body: HubBodyInput) {
  return { latitude: body.location?.latitude ?? body.latitude, longitude: body.location?.longitude ?? body.longitude };
}

export const hubIdOf = (raw: string) => raw.trim().toUpperCase();

/** POST: the new Hub with the defaults (country BR, centralized, LK-31, public, name 'Locker {id}'). */
export function newHubOf(body: HubBodyInput): NewHub {
  const secretKey = body.secretKey ?? body.secret_key;
  const { latitude, longitude } = coordinates(body);
  // No key: the server makes a random one (commands/hub-secret-key.ts).
  if (!given(body.id) || !given(latitude) || !given(longitude)) throw required();
  const hubId = hubIdOf(body.id);
  const details: HubDetails = {
    name: body.name || `Locker ${hubId}`,
    address: body.address ?? '',
    zipcode: body.zipcode ?? '',
    city: body.city ?? '',
    state: body.state ?? '',
    country: body.country || 'BR',
    description: body.description ?? '',
    latitude: numberOf(latitude),
    longitude: numberOf(longitude),
    imageUrl: body.image_url || null,
    private: body.private ?? false,
    autoRegistration: body.autoRegistration ?? false,
    kind: body.type ?? 'centralized',
    hardware: body.hardware ?? 'LK-31',
  };
  return { hubId, secretKey: given(secretKey) ? secretKey : undefined, details, lockers: (body.lockers ?? []).map(newLockerOf) };
}

/**
 * PUT: only the fields sent (lockers are changed through /api/lockers). A required field sent
 * empty is refused; the id, if sent, must be the path's.
 */
export function hubChangesOf(body: HubBodyInput, hubId: string): HubChanges {
  if (given(body.id) && hubIdOf(body.id) !== hubId) throw badRequest('hub_id_immutable', HubFormMessages.idImmutable);
  const secretKey = body.secretKey !== undefined ? body.secretKey : body.secret_key;
  const { latitude, longitude } = coordinates(body);
  for (const value of [secretKey, latitude, longitude, body.name]) if (value !== undefined && !given(value)) throw required();
  const changes: HubChanges = {};
  const texts = ['name', 'address', 'zipcode', 'city', 'state', 'country', 'description'] as const;
  for (const key of texts) {
    const value = body[key];
    if (value !== undefined) changes[key] = value || (key === 'country' ? 'BR' : '');
  }
  if (given(secretKey)) changes.secretKey = secretKey;
  if (given(latitude)) changes.latitude = numberOf(latitude);
  if (given(longitude)) changes.longitude = numberOf(longitude);
  if (body.image_url !== undefined) changes.imageUrl = body.image_url || null;
  if (given(body.private)) changes.private = body.private;
  if (given(body.autoRegistration)) changes.autoRegistration = body.autoRegistration;
  if (given(body.type)) changes.kind = body.type;
  if (given(body.hardware)) changes.hardware = body.hardware;
  return changes;
}
