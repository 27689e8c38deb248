import { z } from 'zod';
import { ACCESS_MESSAGE_MAX, ACCESS_REASON_MAX } from '../../domain/access/access-decide.js';
import { HubIdPathField } from '../shared/hub-fields.js';

// Access grants to private Hubs (issue 26): the renter's check and request, the admins' queue,
// a Hub's members. A request's id is the pair `{HUBID}.{userId}` (domain/access/access-events.ts).

export const AccessStatus = z.enum(['none', 'pending', 'granted', 'denied', 'revoked']);

export const AccessCheckParams = z.object({ userId: z.uuid(), hubId: HubIdPathField });

export const AccessCheck = z.object({
  hasAccess: z.boolean(),
  reason: z.string().meta({ description: 'Por quê, em português, como o usuário lê.' }),
  status: AccessStatus.meta({ description: 'O estado da concessão deste usuário neste Hub (none quando nunca pediu).' }),
});

export const AccessRequestBody = z.object({
  hubId: HubIdPathField,
  message: z.string().max(ACCESS_MESSAGE_MAX).nullish(),
});

/** A grant as the renter sees it after asking. */
export const AccessGrant = z.object({
  id: z.string().meta({ description: 'Id da solicitação: {HUBID}.{userId}.' }),
  hubId: z.string(),
  userId: z.string(),
  status: AccessStatus,
  message: z.string().nullable(),
  reason: z.string().nullable(),
  requestedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
});

/** A request or grant as admins see it, with the names joined at query time. */
export const AccessRequestItem = AccessGrant.extend({
  status: z.enum(['pending', 'granted', 'denied', 'revoked']),
  hubName: z.string().nullable(),
  userName: z.string().meta({ description: "Nome do usuário ('Usuário removido' para uma conta excluída)." }),
  userEmail: z.string().nullable(),
  auto: z.boolean(),
  decidedBy: z.string().nullable(),
  decidedByName: z.string().nullable(),
});

export const AccessRequestParams = z.object({ id: z.string().min(3).max(120) });
export const DenyBody = z.object({ reason: z.string().trim().min(1, 'Informe o motivo da recusa.').max(ACCESS_REASON_MAX) });
export const RevokeParams = z.object({ userId: z.uuid(), hubId: HubIdPathField });
export const HubMembersParams = z.object({ id: HubIdPathField });

export const RevokeAnswer = AccessGrant.extend({
  cancelledReservations: z.array(z.string()).meta({ description: 'Reservas futuras do usuário neste Hub, canceladas com a revogação.' }),
});

export type AccessCheckView = z.infer<typeof AccessCheck>;
export type AccessGrantView = z.infer<typeof AccessGrant>;
export type AccessRequestItemView = z.infer<typeof AccessRequestItem>;
export type RevokeAnswerView = z.infer<typeof RevokeAnswer>;
