import { z } from 'zod';
import { LockerFields } from '../lockers/locker-schemas.js';
import { HardwareField, HubKindField, hubTextFields, latitudeField, longitudeField, textField } from '../shared/hub-fields.js';

// POST and PUT /api/hubs bodies. Both payloads of the spec are taken: the API's {latitude,
// longitude, secret_key} and the dashboard's {location: {latitude, longitude}, secretKey,
// private, autoRegistration, type, hardware, lockers}. The id and a new secret key are checked by
// the domain (its messages are the spec's §5 texts); here presence, lengths and bounds.

const text = (field: keyof typeof hubTextFields) => hubTextFields[field].nullish();
const Latitude = latitudeField();
const Longitude = longitudeField();

export const HubBody = z.object({
  id: textField(200).nullish(),
  name: text('name'),
  address: text('address'),
  zipcode: text('zipcode'),
  city: text('city'),
  state: text('state'),
  country: text('country'),
  description: text('description'),
  latitude: Latitude,
  longitude: Longitude,
  location: z.object({ latitude: Latitude, longitude: Longitude }).nullish(),
  image_url: text('image_url'),
  secret_key: textField(200).nullish(),
  secretKey: textField(200).nullish(),
  private: z.boolean().nullish(),
  autoRegistration: z.boolean().nullish(),
  type: HubKindField.nullish(),
  hardware: HardwareField.nullish(),
  lockers: z.array(LockerFields).max(200, 'No máximo 200 lockers por Hub').nullish(),
});
export type HubBodyInput = z.output<typeof HubBody>;
/** What a caller sends (the dashboard sends numbers where the API also takes text). */
export type HubBodyRequest = z.input<typeof HubBody>;
