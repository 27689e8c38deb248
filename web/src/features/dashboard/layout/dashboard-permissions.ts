import type { DashboardRole } from './dashboard-access';

// What a dashboard role may change, exactly as the server allows it (ADR 0019): Hubs, lockers, the
// audit history and secret keys are the admins'; logistics staff read their own Hubs and run
// pickups. A screen offers a form, button or link only when the call behind it would be accepted.

/** Create, edit and remove Hubs and lockers (POST/PUT/DELETE /api/hubs, /api/lockers): admins only. */
export const canManageHubs = (role: DashboardRole | null): boolean => role === 'admin';

/**
 * Claim and complete pickups, make pickup codes, play the terminal, read the pickup queue (it names
 * renters): admins and logistics, never maintenance (docs/adr/0020).
 */
export const canRunPickups = (role: DashboardRole | null): boolean => role === 'admin' || role === 'logistics';
