// The eight callers issue 26's authorization tests walk every route with: a visitor, a renter, a
// renter granted a private Hub, logistics staff assigned to a Hub and not, maintenance, a partner
// and an admin. Each account is made the way the app makes it: the private Hub through the store,
// the grant through the renter's request and the admin's approval, the assignment through the
// staff command (hub_staff is the projector's).
import { randomUUID } from 'node:crypto';
import { assignStaff } from './staff.js';
import { registerHub, signUp, waitUntil, type TestApp, type TestLocker } from './test-app.js';

export type Caller = 'visitor' | 'renter' | 'granted' | 'logisticsAssigned' | 'logistics' | 'maintenance' | 'partner' | 'admin';
export const CALLERS: Caller[] = ['visitor', 'renter', 'granted', 'logisticsAssigned', 'logistics', 'maintenance', 'partner', 'admin'];
export const SIGNED_IN: Caller[] = CALLERS.filter((c) => c !== 'visitor');

export interface RoleCast {
  /** The private Hub the granted renter was let into. */
  privateHub: string;
  /** Account ids; the visitor's names nobody (it has no account). */
  ids: Record<Caller, string>;
  /** Bearer headers; the visitor's are empty. */
  headers: Record<Caller, Record<string, string>>;
}

export interface RoleCastOptions {
  /** The private Hub registered here for the grant (default 'RC-01'). */
  privateHub?: string;
  /** Its lockers (default one P at R$ 5,00/h). */
  lockers?: TestLocker[];
  /** The Hubs logisticsAssigned works (default the private Hub); others must be registered already. */
  assignedHubs?: string[];
}

/** Registers the private Hub, makes and signs in the eight callers, grants and assigns. */
export async function castRoles(t: TestApp, opts: RoleCastOptions = {}): Promise<RoleCast> {
  const privateHub = opts.privateHub ?? 'RC-01';
  await registerHub(t.store, privateHub, opts.lockers ?? [{ size: 'P' }], { private: true });
  const [renter, granted, logisticsAssigned, logistics, maintenance, partner, admin] = await Promise.all([
    signUp(t, 'Renata'),
    signUp(t, 'Graça'),
    signUp(t, 'Lia', 'logistics'),
    signUp(t, 'Leo', 'logistics'),
    signUp(t, 'Manu', 'maintenance'),
    signUp(t, 'Paula', 'partner'),
    signUp(t, 'Ada', 'admin'),
  ]);
  const accounts = { renter, granted, logisticsAssigned, logistics, maintenance, partner, admin };
  const ids = { visitor: randomUUID() } as Record<Caller, string>;
  const headers = { visitor: {} } as Record<Caller, Record<string, string>>;
  for (const [caller, account] of Object.entries(accounts) as [Caller, { id: string; headers: Record<string, string> }][]) {
    ids[caller] = account.id;
    headers[caller] = account.headers;
  }

  // The access decider reads the Hub from its read model: wait until the store's Hub is there.
  await waitUntil(async () => (await t.db.query('SELECT 1 FROM rm_hubs WHERE id = $1', [privateHub])).rowCount === 1);
  const asked = await t.app.inject({ method: 'POST', url: '/api/user-hub-access/request', headers: headers.granted, payload: { hubId: privateHub } });
  if (asked.statusCode >= 300) throw new Error(`access request failed: ${asked.statusCode} ${asked.body}`);
  const approved = await t.app.inject({ method: 'POST', url: `/api/user-hub-access/requests/${privateHub}.${ids.granted}/approve`, headers: headers.admin });
  if (approved.statusCode !== 200) throw new Error(`approval failed: ${approved.statusCode} ${approved.body}`);

  await assignStaff(t, ids.logisticsAssigned, opts.assignedHubs ?? [privateHub]);
  return { privateHub, ids, headers };
}
