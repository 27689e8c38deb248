import { z } from 'zod';
import type { LockerChanges, LockerStatus, LockerType } from '../../domain/hubs/hub-events.js';
import type { NewLocker } from '../../commands/hub-admin-commands.js';
import {
  BoundsMessages,
  collectDoorInBounds,
  MAX_COLLECT_NUMBER_LENGTH,
  orderNumberInBounds,
  priceReaisInBounds,
} from '../../domain/hubs/hub-bounds.js';
import { boundedNumberish, numberOf } from '../http/bounded-number.js';
import { domainIssue } from '../http/validation.js';
import { LockerView } from '../../contract/hubs/hub-schemas.js';

// The locker fields the dashboard sends (spec §3 and §9, docs/admin-api.md) and the answers.
// Prices travel in reais (5 = R$ 5,00/h) and are kept in cents; an unparsable price is 0. Numbers
// outside the domain's bounds (domain/hubs/hub-bounds.ts) are refused here with its messages.

export const LockerFields = z.object({
  size: z.enum(['P', 'M', 'G', 'X'], 'Tamanho deve ser P, M, G ou X').nullish(),
  // 'Drop' is the spec's short name of Drop-Off.
  type: z.enum(['GMV', 'Drop', 'Drop-Off', 'Pick-Up', 'Tech'], 'Tipo deve ser GMV, Drop-Off, Pick-Up ou Tech').nullish(),
  price_per_hour: boundedNumberish(priceReaisInBounds, 'invalid_price', BoundsMessages.price, { unparsablePasses: true }),
  status: z.enum(['Ativo', 'Inativo'], 'Status deve ser Ativo ou Inativo').nullish(),
  collect_number: z
    .unknown()
    .superRefine((raw, ctx) => {
      const ok = raw === null || raw === undefined || (typeof raw === 'string' && raw.trim().length <= MAX_COLLECT_NUMBER_LENGTH) || (typeof raw === 'number' && collectDoorInBounds(raw));
      if (!ok) ctx.addIssue(domainIssue('invalid_collect_number', BoundsMessages.collectNumber));
    })
    .transform((raw) => (typeof raw === 'string' ? raw.trim() : (raw as number | null | undefined)))
    .optional(),
  order_number: boundedNumberish(orderNumberInBounds, 'invalid_order_number', BoundsMessages.orderNumber, { unparsablePasses: true }),
});
export type LockerFieldsInput = z.output<typeof LockerFields>;

export const NewLockerBody = LockerFields.extend({ hub_id: z.string().trim().max(64).nullish() });
export const LockerChangeBody = LockerFields.extend({ hub_id: z.string().trim().max(64).nullish() });

/** Reais (number or text, '7,50' too) to cents; anything unparsable is 0 (spec §3). */
export function priceCentsOf(raw: number | string): number {
  const reais = numberOf(raw);
  return Number.isFinite(reais) ? Math.round(reais * 100) : 0;
}

/** A whole number ≥ 1, else undefined (the default then applies). */
export function orderNumberOf(raw: number | string | null | undefined): number | undefined {
  if (raw === null || raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : undefined;
}

const typeOf = (raw: NonNullable<LockerFieldsInput['type']>): LockerType => (raw === 'Drop' ? 'Drop-Off' : raw);

const collectNumberOf = (raw: string | number | null | undefined) => (raw === null || raw === undefined || raw === '' ? null : String(raw));

/** A new locker with the spec's defaults: size P, type GMV, R$ 5,00/h, Ativo, number count + 1. */
export function newLockerOf(fields: LockerFieldsInput): NewLocker {
  const orderNumber = orderNumberOf(fields.order_number);
  return {
    size: (fields.size ?? 'P'),
    lockerType: fields.type ? typeOf(fields.type) : 'GMV',
    pricePerHourCents: fields.price_per_hour === null || fields.price_per_hour === undefined ? 500 : priceCentsOf(fields.price_per_hour),
    status: (fields.status ?? 'Ativo'),
    collectNumber: collectNumberOf(fields.collect_number),
    ...(orderNumber === undefined ? {} : { orderNumber }),
  };
}

/** What a PUT asks to change: only the fields it sends; status apart (it is its own event). */
export function lockerChangesOf(fields: LockerFieldsInput): { changes: LockerChanges; status?: LockerStatus } {
  const changes: LockerChanges = {};
  if (fields.size) changes.size = fields.size;
  if (fields.type) changes.type = typeOf(fields.type);
  if (fields.price_per_hour !== undefined && fields.price_per_hour !== null) changes.pricePerHourCents = priceCentsOf(fields.price_per_hour);
  if (fields.collect_number !== undefined) changes.collectNumber = collectNumberOf(fields.collect_number);
  return { changes, ...(fields.status ? { status: fields.status } : {}) };
}

export const LockerIdParams = z.object({ id: z.uuid('ID do locker inválido') });

const Moved = z.object({
  reservation_id: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  to_locker_id: z.string(),
  to_order_number: z.number().int(),
});
const Unmoved = z.object({ reservation_id: z.string(), start_time: z.string(), end_time: z.string(), user_name: z.string() });

/** PUT /api/lockers/{id} and the toggle: the locker, and what its deactivation did to its reservations. */
export const LockerChangeView = LockerView.extend({ moved: z.array(Moved), unmoved: z.array(Unmoved) });
export const LockerList = z.array(LockerView);

export type LockerChangeShape = z.infer<typeof LockerChangeView>;
export { LockerView };
