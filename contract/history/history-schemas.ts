import { z } from 'zod';
import { HISTORY_KINDS, isHistoryKind } from './history-kinds.js';
import { HubPlace, LockerSizeSchema } from '../hubs/hub-schemas.js';
import { LOCKER_STATUSES } from '../shared/hub-fields.js';
import { LOCKER_TYPES } from '../../domain/hubs/hub-events.js';

// The locker history and "the Hub as it was at" (docs/admin-api.md, "History").

const instant = (message: string) => z.iso.datetime({ offset: true, message });

export const HistoryKindSchema = z.enum(HISTORY_KINDS);

export const HistoryQuery = z.object({
  from: instant('Data inicial inválida (ISO 8601).').optional(),
  to: instant('Data final inválida (ISO 8601).').optional(),
  kind: z
    .string()
    .max(400)
    .optional()
    .transform((value, ctx) => {
      const kinds = (value ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean);
      const unknown = kinds.find((k) => !isHistoryKind(k));
      if (unknown !== undefined) {
        ctx.addIssue({ code: 'custom', message: `Tipo de evento desconhecido: ${unknown}. Use: ${HISTORY_KINDS.join(', ')}.` });
        return z.NEVER;
      }
      return kinds.filter(isHistoryKind);
    })
    .meta({ description: 'Tipos separados por vírgula, por exemplo booked,cancelled.' }),
  locker_id: z.uuid('ID do locker inválido').optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number('Limite inválido')
    .int('O limite deve ser inteiro.')
    .min(1, 'O limite deve estar entre 1 e 200.')
    .max(200, 'O limite deve estar entre 1 e 200.')
    .default(50),
  format: z.enum(['json', 'csv'], 'Formato deve ser json ou csv').default('json'),
});
/** The locker's own history: the path names the locker. */
export const LockerHistoryQuery = HistoryQuery.omit({ locker_id: true });

export const HistoryHubParams = z.object({ id: z.string().trim().min(1, 'Informe o Hub').max(64) });
export const AsOfQuery = z.object({ at: instant('Informe o instante (at) em ISO 8601, por exemplo 2026-11-25T14:00:00-03:00.') });

export const HistoryEntry = z.object({
  id: z.string(),
  at: z.string(),
  at_text: z.string().meta({ description: 'Data e hora em São Paulo, dd/mm/aaaa hh:mm:ss.' }),
  kind: HistoryKindSchema,
  hub_id: z.string(),
  locker_id: z.string().nullable(),
  locker_order_number: z.number().int().nullable(),
  reservation_id: z.string().nullable(),
  actor: z.object({ id: z.string(), kind: z.enum(['user', 'system', 'worker']), role: z.string(), name: z.string() }),
  sentence: z.string(),
});
export const HistoryPage = z.object({ items: z.array(HistoryEntry), next_cursor: z.string().nullable() });

const AsOfBooking = z.object({ reservation_id: z.string(), user_name: z.string(), start_time: z.string(), end_time: z.string(), status: z.string() });
const AsOfLocker = z.object({
  id: z.string(),
  order_number: z.number().int(),
  size: LockerSizeSchema,
  type: z.enum(LOCKER_TYPES),
  status: z.enum(LOCKER_STATUSES),
  price_per_hour: z.number(),
  bookings: z.array(AsOfBooking),
});
const AsOfHub = HubPlace.extend({
  latitude: z.number(),
  longitude: z.number(),
  image_url: z.string().nullable(),
  private: z.boolean(),
  auto_registration: z.boolean(),
  type: z.string(),
  hardware: z.string(),
});
/** The Hub (null before it existed or once removed), its lockers in order, each with the bookings holding it. */
export const HubAsOf = z.object({ at: z.string(), hub: AsOfHub.nullable(), lockers: z.array(AsOfLocker) });

export type HistoryKindValue = z.infer<typeof HistoryKindSchema>;
export type HistoryEntryView = z.infer<typeof HistoryEntry>;
export type HistoryPageView = z.infer<typeof HistoryPage>;
export type HubAsOfView = z.infer<typeof HubAsOf>;
export type AsOfLockerView = z.infer<typeof AsOfLocker>;
export type AsOfBookingView = z.infer<typeof AsOfBooking>;
