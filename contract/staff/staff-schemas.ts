import { z } from 'zod';
import { HubIdPathField } from '../shared/hub-fields.js';
import { RoleSchema } from '../users/user-schemas.js';

// The wire shapes of staff Hub assignments (issue 26 item 7): an operator's Hubs, and a Hub's
// operators.

export const OperatorIdParams = z.object({ id: z.uuid('Identificador inválido') });
export const HubStaffParams = z.object({ id: HubIdPathField });
export const HubStaffMemberParams = z.object({ id: HubIdPathField, userId: z.uuid('Identificador inválido') });

/** PUT /api/operators/{id}/hubs: the whole new set (ids are upper-cased; duplicates ignored). */
export const StaffHubsBody = z.object({
  hub_ids: z.array(HubIdPathField.transform((id) => id.toUpperCase())).max(500, 'Máximo de 500 Hubs'),
});

/** A Hub an operator works. */
export const AssignedHub = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  assigned_at: z.iso.datetime(),
});

/** An operator assigned to a Hub (names and e-mails come from the account, at query time). */
export const HubStaffMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  assigned_at: z.iso.datetime(),
});

export type AssignedHubView = z.infer<typeof AssignedHub>;
export type HubStaffMemberView = z.infer<typeof HubStaffMember>;
export type StaffHubsBodyInput = z.input<typeof StaffHubsBody>;
