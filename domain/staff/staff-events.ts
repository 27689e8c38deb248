import type { DomainEvent } from '../shared/decider.js';

// A staff member's Hub assignments (issue 26 item 7): one stream per operator, each event the
// whole new set plus what it added and removed, so readers never diff and the audit trail can say
// which Hub gained or lost whom.

/** Why a set changed: an admin's choice, or the account leaving staff (role change, erasure). */
export type StaffHubsReason = 'assigned' | 'role_changed' | 'account_erased';

export interface StaffHubsChange {
  userId: string;
  /** The full set after the change, sorted. */
  hubIds: string[];
  added: string[];
  removed: string[];
  /** Who changed it: a user id, or 'system'. */
  by: string;
  at: string;
  reason: StaffHubsReason;
}

export type StaffEvent = DomainEvent<'StaffHubsAssigned', StaffHubsChange>;

export const STAFF_EVENT_TYPES: ReadonlySet<string> = new Set(['StaffHubsAssigned']);

export const staffHubsStreamId = (userId: string) => `staff-hubs-${userId}`;

/** Roles that may hold Hubs: logistics works them, maintenance sees them (ADR 0020). */
export const STAFF_ROLES = ['logistics', 'maintenance'] as const;

export const holdsHubs = (role: string): boolean => (STAFF_ROLES as readonly string[]).includes(role);
