import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../infra/db/queryable.js';
import { staffHubIdsOf, worksHub } from '../../projections/staff/queries.js';
import type { AuthUser } from '../auth/types.js';
import { isAdmin, requireRole } from '../auth/guard.js';
import { forbidden } from '../http/errors.js';
import { LogisticsMessages } from '../../contract/logistics/logistics-endpoints.js';

// Who works which Hub (docs/adr/0020): logistics and maintenance staff the Hubs assigned to them
// (hub_staff, read per request: an assignment counts at once in every API process); admins every
// Hub. Maintenance only looks: the logistics reads, without renters' names; logistics also acts
// (claims, completes, pickup codes, the terminal).

/** A caller who may read the logistics screens: logistics, maintenance or an admin. */
export const requireStaffReader = (request: FastifyRequest): AuthUser => requireRole(request, 'logistics', 'maintenance');

/** A caller who may act on pickups and doors: logistics or an admin (never maintenance). */
export const requireStaffWorker = (request: FastifyRequest): AuthUser => requireRole(request, 'logistics');

/** Renters' names are for those who hand their goods over, not for maintenance (ADR 0020). */
export const seesRenters = (user: AuthUser): boolean => isAdmin(user) || user.role === 'logistics';

/** The Hub ids the caller works, or null for every Hub (admins). */
export async function staffHubIds(db: Queryable, user: AuthUser): Promise<string[] | null> {
  if (isAdmin(user)) return null;
  return staffHubIdsOf(db, user.id);
}

export async function assertWorksHub(db: Queryable, user: AuthUser, hubId: string): Promise<void> {
  if (isAdmin(user)) return;
  if (!(await worksHub(db, user.id, hubId))) throw forbidden(LogisticsMessages.notYourHub);
}
