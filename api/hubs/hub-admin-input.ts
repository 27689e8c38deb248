import type { HubDetails } from '../../domain/hubs/hub-events.js';
import type { HubChanges, NewHub } from '../../commands/hub-admin-commands.js';
import type { HubBodyInput } from '../../contract/hubs/hub-admin-schemas.js';
import { hubFieldsRequired, hubIdImmutable } from '../../contract/hubs/hub-admin-endpoints.js';
import { numberOf } from '../../contract/shared/bounded-number.js';
import { badRequest } from '../http/errors.js';
import { newLockerOf } from '../lockers/locker-schemas.js';

// POST and PUT /api/hubs bodies (contract/hubs/hub-admin-schemas.ts) into commands. The id and
// the secret key are checked by the domain (its messages are the spec's §5 texts).

export type { HubBodyInput };

const required = () => badRequest(hubFieldsRequired.code, hubFieldsRequired.message);
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
  if (given(body.id) && hubIdOf(body.id) !== hubId) throw badRequest(hubIdImmutable.code, hubIdImmutable.message);
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
