import { z } from 'zod';
import type { Hardware } from '../../domain/hubs/hub-events.js';
import { HARDWARE, LOCKER_SIZES } from '../../domain/hubs/hub-events.js';
import {
  BoundsMessages,
  HUB_TEXT_LIMITS,
  MAX_COLLECT_NUMBER_LENGTH,
  collectDoorInBounds,
  latitudeInBounds,
  longitudeInBounds,
  orderNumberInBounds,
  priceReaisInBounds,
} from '../../domain/hubs/hub-bounds.js';
import { HUB_ID_PATTERN, HubIdMessages } from '../../domain/hubs/hub-id.js';

export { HubIdMessages };
import { secretKeyProblem } from '../../domain/hubs/secret-key.js';
import { boundedNumberish } from './bounded-number.js';
import { domainIssue } from './domain-issue.js';

// The fields of a Hub and its lockers as both sides validate them: the API's bodies
// (contract/hubs/hub-admin-schemas.ts, contract/lockers/locker-schemas.ts) and the dashboard's
// forms (web/src/features/dashboard/components/hub-form). The rules are the domain's
// (domain/hubs/hub-bounds.ts, hub-id.ts, secret-key.ts), with its codes and pt-BR messages, so a
// form refuses exactly what the server would. No z.object here: the web's forms import these as
// values, and plain fields need no code generation (the CSP forbids eval).

/** Trimmed text of at most `max` characters. */
export const textField = (max: number) => z.string().trim().max(max, `Máximo de ${max} caracteres`);

/** A CEP (or a foreign postal code): free text up to 20 characters. */
export const CepField = textField(HUB_TEXT_LIMITS.zipcode).meta({ description: 'CEP, por exemplo 01310-100.' });

/** A Hub's free-text fields, each with its limit. */
export const hubTextFields = {
  name: textField(HUB_TEXT_LIMITS.name),
  address: textField(HUB_TEXT_LIMITS.address),
  zipcode: CepField,
  city: textField(HUB_TEXT_LIMITS.city),
  state: textField(HUB_TEXT_LIMITS.state),
  country: textField(HUB_TEXT_LIMITS.country),
  description: textField(HUB_TEXT_LIMITS.description),
  image_url: textField(HUB_TEXT_LIMITS.imageUrl),
} as const;

/** A Hub's id in a path: letters, digits and dashes, any case (the server upper-cases it). */
export const HubIdPathField = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/, 'ID de Hub inválido');

/** A new Hub's id: 'SP-01' (upper-cased first). Blank passes: the required check is the caller's. */
export const NewHubIdField = z
  .string()
  .trim()
  .transform((id) => id.toUpperCase())
  .superRefine((id, ctx) => {
    if (id !== '' && !HUB_ID_PATTERN.test(id)) ctx.addIssue(domainIssue('invalid_hub_id', HubIdMessages.badId));
  });

/** A new secret key: exactly 10 letters or digits. Blank passes (the server then makes one). */
export const NewSecretKeyField = z
  .string()
  .trim()
  .superRefine((key, ctx) => {
    const problem = key === '' ? null : secretKeyProblem(key);
    if (problem) ctx.addIssue(domainIssue('invalid_secret_key', problem));
  });

export interface NumberFieldOptions {
  /** Text holding no number passes (the API falls back, e.g. to 0); forms refuse it. */
  unparsablePasses?: boolean;
}

export const latitudeField = ({ unparsablePasses = false }: NumberFieldOptions = {}) =>
  boundedNumberish(latitudeInBounds, 'invalid_coordinates', BoundsMessages.latitude, { unparsablePasses });
export const longitudeField = ({ unparsablePasses = false }: NumberFieldOptions = {}) =>
  boundedNumberish(longitudeInBounds, 'invalid_coordinates', BoundsMessages.longitude, { unparsablePasses });

/** Reais per hour (5 = R$ 5,00/h), number or text. */
export const pricePerHourField = ({ unparsablePasses = true }: NumberFieldOptions = {}) =>
  boundedNumberish(priceReaisInBounds, 'invalid_price', BoundsMessages.price, { unparsablePasses });
export const orderNumberField = ({ unparsablePasses = true }: NumberFieldOptions = {}) =>
  boundedNumberish(orderNumberInBounds, 'invalid_order_number', BoundsMessages.orderNumber, { unparsablePasses });

/** A Drop-Off locker's pickup door: a label of up to 20 characters, or a door number 1–999. */
export const CollectNumberField = z
  .unknown()
  .superRefine((raw, ctx) => {
    const ok =
      raw === null ||
      raw === undefined ||
      (typeof raw === 'string' && raw.trim().length <= MAX_COLLECT_NUMBER_LENGTH) ||
      (typeof raw === 'number' && collectDoorInBounds(raw));
    if (!ok) ctx.addIssue(domainIssue('invalid_collect_number', BoundsMessages.collectNumber));
  })
  .transform((raw) => (typeof raw === 'string' ? raw.trim() : (raw as number | null | undefined)))
  .optional();

export const HUB_KINDS = ['centralized', 'decentralized'] as const;
export const HubKindField = z.enum(HUB_KINDS, 'Tipo deve ser centralized ou decentralized');
export const HardwareField = z.enum(HARDWARE as [Hardware, ...Hardware[]], 'Hardware deve ser LK-31, LK-60, LK-ABS ou Outro');

export const LockerSizeField = z.enum(LOCKER_SIZES, 'Tamanho deve ser P, M, G ou X');
/** 'Drop' is the spec's short name of Drop-Off; the API takes it too. */
export const LOCKER_TYPE_INPUTS = ['GMV', 'Drop', 'Drop-Off', 'Pick-Up', 'Tech'] as const;
export const LockerTypeField = z.enum(LOCKER_TYPE_INPUTS, 'Tipo deve ser GMV, Drop-Off, Pick-Up ou Tech');
export const LOCKER_STATUSES = ['Ativo', 'Inativo'] as const;
export const LockerStatusField = z.enum(LOCKER_STATUSES, 'Status deve ser Ativo ou Inativo');

export type HardwareValue = z.infer<typeof HardwareField>;
export type HubKindValue = z.infer<typeof HubKindField>;
