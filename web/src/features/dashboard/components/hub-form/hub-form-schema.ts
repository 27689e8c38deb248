// Relative, not '@/lib/zod': the rules are unit-tested from tests/, which has no '@' alias.
import { SecretKeyMessages, secretKeyProblem } from '../../../../lib/hub-secret-key';
import { z } from '../../../../lib/zod';
import {
  HardwareField,
  HubIdMessages,
  HubKindField,
  NewHubIdField,
  NewSecretKeyField,
  hubTextFields,
  latitudeField,
  longitudeField,
} from '../../../../lib/hub-fields';
import { HubPlace } from '@contract/hubs/hub-schemas';
import type { AdminHub, HubHardware, HubInput, HubType } from '../../types';

// The dashboard Hub form's rules (spec §5), built on the fields the API validates with
// (contract/shared/hub-fields.ts), in two variants: the admin form (/dashboard/hubs)
// requires every field but the secret key (left empty, the server makes a random one); the
// logistics form (/dashboard/logistics/hubs) only ID, name and secret key on create and the name
// on edit, and reads an unparsable coordinate as 0. A new key follows the server's rule
// (domain/hubs/secret-key.ts); a Hub's stored older, shorter key still saves, as on the server.

export const HubFormMessages = {
  required: 'Por favor, preencha todos os campos obrigatórios.',
  logisticsRequiredCreate: 'Por favor, preencha os campos obrigatórios (ID, Nome e Chave Secreta)',
  logisticsRequiredName: 'Por favor, preencha o nome do Hub',
  badId: HubIdMessages.badId,
  badSecret: SecretKeyMessages.badSecret,
  shortSecret: SecretKeyMessages.tooShort,
  saveFirst: 'Salve o Hub primeiro antes de adicionar lockers',
  needLocker: 'Adicione pelo menos um locker.',
  /** Inline, under each empty required field; the form-level message is one of the above. */
  fieldRequired: 'Campo obrigatório.',
} as const;

export const HUB_HARDWARE: readonly HubHardware[] = HardwareField.options;
export const HUB_TYPES: { value: HubType; label: string }[] = [
  { value: 'centralized', label: 'Centralizado' },
  { value: 'decentralized', label: 'Descentralizado' },
];

export type HubFormVariant = 'admin' | 'logistics';
export type HubFormMode = 'create' | 'edit';

/** Text inputs hold strings (an empty coordinate must stay distinguishable from 0). */
const HubFormFields = HubPlace.extend({
  secretKey: z.string(),
  latitude: z.string(),
  longitude: z.string(),
  hardware: HardwareField,
  type: HubKindField,
  private: z.boolean(),
  autoRegistration: z.boolean(),
  image_url: z.string(),
});
export type HubFormValues = z.output<typeof HubFormFields>;

type TextField = Exclude<keyof HubFormValues, 'hardware' | 'type' | 'private' | 'autoRegistration' | 'image_url'>;

// Spec §5: id, coordinates and secret key, then the address and description fields.
const ADMIN_REQUIRED: TextField[] = ['id', 'secretKey', 'name', 'address', 'zipcode', 'city', 'state', 'country', 'description', 'latitude', 'longitude'];

/** Which fields must be filled, and the form-level message when one is empty. */
export function requiredFields(variant: HubFormVariant, mode: HubFormMode): { fields: TextField[]; message: string } {
  if (variant === 'admin') return { fields: ADMIN_REQUIRED, message: HubFormMessages.required };
  if (mode === 'create') return { fields: ['id', 'name', 'secretKey'], message: HubFormMessages.logisticsRequiredCreate };
  return { fields: ['name'], message: HubFormMessages.logisticsRequiredName };
}

type TextLimited = keyof typeof hubTextFields;
const TEXT_FIELDS = Object.keys(hubTextFields) as TextLimited[];

/** The longest text each field takes (its input's maxLength), as the API's limits. */
export const hubTextLimit = (field: keyof HubFormValues): number | undefined =>
  field in hubTextFields ? (hubTextFields[field as TextLimited].maxLength ?? undefined) : undefined;

/** The first message a shared field gives for the value, if it refuses it. */
const problemOf = (field: { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, value: string) => {
  const result = field.safeParse(value);
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
};

/** `storedKey`: the Hub's key as saved (edit), which is not checked again. */
export function hubFormSchema(variant: HubFormVariant, mode: HubFormMode, storedKey?: string) {
  const { fields } = requiredFields(variant, mode);
  // Coordinates: the logistics form turns an unparsable one into 0; the admin form refuses it,
  // as the API does. Both refuse a number out of range.
  const unparsablePasses = variant === 'logistics';
  const latitude = latitudeField({ unparsablePasses });
  const longitude = longitudeField({ unparsablePasses });
  return HubFormFields.superRefine((values, ctx) => {
    for (const field of fields) {
      if (!values[field].trim()) ctx.addIssue({ code: 'custom', path: [field], message: HubFormMessages.fieldRequired });
    }
    const add = (field: keyof HubFormValues, message: string | null) => {
      if (message) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    // The ID is fixed after creation: an edit never sends a new one, so it is not checked again.
    if (mode === 'create') add('id', problemOf(NewHubIdField, values.id));
    const secret = values.secretKey.trim();
    if (secret !== storedKey) add('secretKey', problemOf(NewSecretKeyField, secret));
    for (const field of TEXT_FIELDS) add(field, problemOf(hubTextFields[field], values[field]));
    add('latitude', problemOf(latitude, values.latitude));
    add('longitude', problemOf(longitude, values.longitude));
  });
}

/**
 * The one message the form shows (and toasts) for a refused submit: the variant's "fill the
 * required fields" when any required field is empty, else the first field's own message.
 */
export function formLevelMessage(
  errors: Partial<Record<keyof HubFormValues, { message?: string }>>,
  variant: HubFormVariant,
  mode: HubFormMode,
): string | null {
  const messages = Object.values(errors)
    .map((e) => e?.message)
    .filter((m): m is string => Boolean(m));
  if (messages.length === 0) return null;
  if (messages.includes(HubFormMessages.fieldRequired)) return requiredFields(variant, mode).message;
  return messages[0]!;
}

const parseCoordinate = (raw: string) => {
  const n = Number.parseFloat(raw.replace(',', '.'));
  return Number.isFinite(n) ? n : 0;
};

/** The dashboard payload of POST /api/hubs (and PUT, which takes the same fields). */
export function toHubInput(values: HubFormValues): HubInput {
  const id = values.id.trim().toUpperCase();
  return {
    id,
    secretKey: values.secretKey.trim(),
    name: values.name.trim() || `Locker ${id}`,
    address: values.address.trim(),
    zipcode: values.zipcode.trim(),
    city: values.city.trim(),
    state: values.state.trim(),
    country: values.country.trim() || 'BR',
    description: values.description.trim(),
    location: { latitude: parseCoordinate(values.latitude), longitude: parseCoordinate(values.longitude) },
    image_url: values.image_url.trim() || null,
    private: values.private,
    // Self-registration means nothing on a public Hub: it is switched off with private.
    autoRegistration: values.private && values.autoRegistration,
    type: values.type,
    hardware: values.hardware,
  };
}

export const emptyHubFormValues: HubFormValues = {
  id: '',
  secretKey: '',
  name: '',
  address: '',
  zipcode: '',
  city: '',
  state: '',
  country: 'BR',
  description: '',
  latitude: '',
  longitude: '',
  hardware: 'LK-31',
  type: 'centralized',
  private: false,
  autoRegistration: false,
  image_url: '',
};

export function hubFormValuesOf(hub: AdminHub | undefined): HubFormValues {
  if (!hub) return emptyHubFormValues;
  return {
    id: hub.id,
    secretKey: hub.secret_key ?? '',
    name: hub.name,
    address: hub.address,
    zipcode: hub.zipcode,
    city: hub.city,
    state: hub.state,
    country: hub.country || 'BR',
    description: hub.description,
    latitude: String(hub.location.latitude),
    longitude: String(hub.location.longitude),
    hardware: (HUB_HARDWARE as string[]).includes(hub.hardware) ? (hub.hardware as HubHardware) : 'Outro',
    type: hub.type === 'decentralized' ? 'decentralized' : 'centralized',
    private: hub.private,
    autoRegistration: hub.autoRegistration,
    image_url: hub.image_url ?? '',
  };
}

/** The line under the key field: how a new key is made, or that the stored one is too short. */
export function secretKeyHint(mode: HubFormMode, storedKey: string | undefined): string {
  if (storedKey && secretKeyProblem(storedKey)) return 'Esta chave tem menos de 10 caracteres: gere uma nova e configure-a no controlador do Hub.';
  return mode === 'create' ? '10 letras ou números; uma chave aleatória já vem preenchida.' : '10 letras ou números.';
}

/** Which field a server refusal is about, by its code (the message is shown as it comes). */
export function fieldOfServerError(code: string): keyof HubFormValues | null {
  if (code === 'invalid_hub_id' || code === 'hub_exists') return 'id';
  if (code === 'invalid_secret_key') return 'secretKey';
  if (code === 'invalid_coordinates') return 'latitude';
  return null;
}
