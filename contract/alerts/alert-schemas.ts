import { z } from 'zod';
import { MAX_ALERT_NOTE } from '../../domain/alerts/alert-events.js';
import { HubIdPathField } from '../shared/hub-fields.js';
import { ALERT_KIND_VALUES, ALERT_STATUS_VALUES } from './alert-labels.js';

// The wire shapes of alerts (issue 29 item 5): the list operators read, and what acknowledging
// and resolving take and answer.

export const AlertIdParams = z.object({ id: z.uuid('Identificador inválido') });

export const AlertListQuery = z.object({
  status: z.enum(ALERT_STATUS_VALUES, 'Situação inválida: open, acknowledged ou resolved').optional(),
  hub_id: HubIdPathField.transform((id) => id.toUpperCase()).optional(),
});

export const ResolveAlertBody = z.object({
  note: z.string().max(MAX_ALERT_NOTE, `Máximo de ${MAX_ALERT_NOTE} caracteres`).optional(),
});

const Person = z.object({ id: z.string(), name: z.string() });

export const Alert = z.object({
  id: z.string(),
  kind: z.enum(ALERT_KIND_VALUES),
  hub_id: z.string(),
  hub_name: z.string().nullable(),
  locker_id: z.string().nullable(),
  locker_order: z.number().int().nullable(),
  reservation_id: z.string().nullable(),
  /** Who saw it: the door's controller, the renter ("A porta não abriu"), or Hub's monitor (offline). */
  source: z.enum(['controller', 'renter', 'monitor']),
  /** When it happened (the fact's time). */
  occurred_at: z.iso.datetime(),
  raised_at: z.iso.datetime(),
  status: z.enum(ALERT_STATUS_VALUES),
  /** How many more times the same thing happened at the same door (or Hub) while it was not resolved. */
  repeat_count: z.number().int(),
  last_occurred_at: z.iso.datetime(),
  acknowledged_by: Person.nullable(),
  acknowledged_at: z.iso.datetime().nullable(),
  resolved_by: Person.nullable(),
  resolved_at: z.iso.datetime().nullable(),
  note: z.string().nullable(),
});

export const AlertList = z.object({
  alerts: z.array(Alert),
  /** Over the caller's Hubs, whatever the filters: the sidebar's badge. */
  counts: z.object({ open: z.number().int(), acknowledged: z.number().int() }),
});

export type AlertView = z.infer<typeof Alert>;
export type AlertListView = z.infer<typeof AlertList>;
export type ResolveAlertBodyInput = z.input<typeof ResolveAlertBody>;
