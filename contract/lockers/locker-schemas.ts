import { z } from 'zod';
import { LockerView } from '../hubs/hub-schemas.js';
import { CollectNumberField, LockerSizeField, LockerStatusField, LockerTypeField, orderNumberField, pricePerHourField } from '../shared/hub-fields.js';

// The locker fields the dashboard sends (spec §3 and §9, docs/admin-api.md) and the answers.
// Prices travel in reais (5 = R$ 5,00/h) and are kept in cents; an unparsable price is 0. Every
// field may be left out: a new locker takes the spec's defaults, a change only what it sends.

export const LockerFields = z.object({
  size: LockerSizeField.nullish(),
  type: LockerTypeField.nullish(),
  price_per_hour: pricePerHourField(),
  status: LockerStatusField.nullish(),
  collect_number: CollectNumberField,
  order_number: orderNumberField(),
});
export type LockerFieldsInput = z.output<typeof LockerFields>;

/** POST /api/lockers and PUT /api/lockers/{id}: the fields and the Hub (fixed once installed). */
export const LockerBody = LockerFields.extend({ hub_id: z.string().trim().max(64).nullish() });
export type LockerBodyInput = z.input<typeof LockerBody>;

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
export type MovedReservationShape = z.infer<typeof Moved>;
export type UnmovedReservationShape = z.infer<typeof Unmoved>;
export { LockerView };
