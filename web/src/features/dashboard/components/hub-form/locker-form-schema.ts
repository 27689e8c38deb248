// Relative, not '@/lib/zod': the rules are unit-tested from tests/, which has no '@' alias.
import { z } from '../../../../lib/zod';
import { BoundsMessages } from '../../../../lib/hub-bounds';
import { CollectNumberField, LOCKER_STATUSES as STATUSES, LockerStatusField, orderNumberField, pricePerHourField } from '../../../../lib/hub-fields';
import type { Locker, LockerInput, LockerSize, LockerStatus, LockerType } from '../../types';

// The locker dialog's fields and rules (spec "Locker dialog", §9 defaults: size P, type GMV,
// R$ 5,00 per hour, Ativo; 'Porta de Coleta' only for Drop-Off), on the fields the API validates
// with (contract/shared/hub-fields.ts).

export const LOCKER_SIZES: { value: LockerSize; label: string }[] = [
  { value: 'P', label: 'P — Pequeno' },
  { value: 'M', label: 'M — Médio' },
  { value: 'G', label: 'G — Grande' },
  { value: 'X', label: 'X — Extra grande' },
];
export const LOCKER_TYPES: LockerType[] = ['GMV', 'Drop-Off', 'Pick-Up', 'Tech'];
export const LOCKER_STATUSES: readonly LockerStatus[] = STATUSES;

export const LockerFormMessages = {
  badOrder: BoundsMessages.orderNumber,
  badPrice: BoundsMessages.price,
  badCollect: BoundsMessages.collectNumber,
} as const;

// Forms refuse text holding no number (the API would fall back to a default).
const orderNumber = orderNumberField({ unparsablePasses: false });
const pricePerHour = pricePerHourField({ unparsablePasses: false });
const refuses = (field: { safeParse(value: unknown): { success: boolean } }, value: string) => value.trim() === '' || !field.safeParse(value).success;

export const lockerFormSchema = z
  .object({
    order_number: z.string(),
    size: z.enum(['P', 'M', 'G', 'X']),
    type: z.enum(['GMV', 'Drop-Off', 'Pick-Up', 'Tech']),
    status: LockerStatusField,
    price_per_hour: z.string(),
    collect_number: z.string(),
  })
  .superRefine((values, ctx) => {
    if (refuses(orderNumber, values.order_number)) ctx.addIssue({ code: 'custom', path: ['order_number'], message: LockerFormMessages.badOrder });
    if (refuses(pricePerHour, values.price_per_hour)) ctx.addIssue({ code: 'custom', path: ['price_per_hour'], message: LockerFormMessages.badPrice });
    if (!CollectNumberField.safeParse(values.collect_number).success)
      ctx.addIssue({ code: 'custom', path: ['collect_number'], message: LockerFormMessages.badCollect });
  });

/** The dialog's inputs hold strings; the schema reads them as the API would. */
export type LockerFormValues = z.infer<typeof lockerFormSchema>;

const parseDecimal = (raw: string) => Number(raw.trim().replace(',', '.'));

export function lockerFormValuesOf(locker: Locker | undefined, nextOrder: number): LockerFormValues {
  if (!locker) return { order_number: String(nextOrder), size: 'P', type: 'GMV', status: 'Ativo', price_per_hour: '5', collect_number: '' };
  return {
    order_number: String(locker.order_number),
    size: locker.size,
    type: locker.type,
    status: locker.status,
    price_per_hour: String(locker.price_per_hour),
    collect_number: locker.collect_number ?? '',
  };
}

/** The POST /api/lockers body; the collect door is sent only for Drop-Off. */
export function toLockerInput(hubId: string, values: LockerFormValues): LockerInput {
  const collect = values.collect_number.trim();
  return {
    hub_id: hubId,
    order_number: Number(values.order_number),
    size: values.size,
    type: values.type,
    status: values.status,
    // Cents are what the server keeps: round here so 4.999 is not sent as a fraction of a cent.
    price_per_hour: Math.round(parseDecimal(values.price_per_hour) * 100) / 100,
    collect_number: values.type === 'Drop-Off' && collect ? collect : null,
  };
}
