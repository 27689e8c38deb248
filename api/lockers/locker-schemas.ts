import type { LockerChanges, LockerStatus, LockerType } from '../../domain/hubs/hub-events.js';
import type { NewLocker } from '../../commands/hub-admin-commands.js';
import type { LockerFieldsInput } from '../../contract/lockers/locker-schemas.js';
import { numberOf } from '../../contract/shared/bounded-number.js';

// The locker fields the dashboard sends (contract/lockers/locker-schemas.ts) into commands. Prices
// travel in reais (5 = R$ 5,00/h) and are kept in cents; an unparsable price is 0.

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
    size: fields.size ?? 'P',
    lockerType: fields.type ? typeOf(fields.type) : 'GMV',
    pricePerHourCents: fields.price_per_hour === null || fields.price_per_hour === undefined ? 500 : priceCentsOf(fields.price_per_hour),
    status: fields.status ?? 'Ativo',
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
