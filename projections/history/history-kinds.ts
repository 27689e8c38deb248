// What the locker history (docs/admin-api.md, "History") calls each fact, and who acted.

export const HISTORY_KINDS = [
  'hub_registered',
  'hub_changed',
  'hub_removed',
  'installed',
  'changed',
  'activated',
  'deactivated',
  'removed',
  'booked',
  'paid',
  'code_issued',
  'opened',
  'finalized',
  'expired',
  'cancelled',
  'moved_in',
  'moved_out',
  // Issue 9 pickups and door codes.
  'left_for_pickup',
  'pickup_claimed',
  'pickup_code_issued',
  'pickup_completed',
  'code_invalidated',
] as const;

export type HistoryKind = (typeof HISTORY_KINDS)[number];

export const isHistoryKind = (value: string): value is HistoryKind => (HISTORY_KINDS as readonly string[]).includes(value);

export type ActorKind = 'user' | 'system' | 'worker';

/** Events carry {id, role}: workers and the system (seeds, tests) say so in the role. */
export function actorKind(role: string): ActorKind {
  if (role === 'worker') return 'worker';
  if (role === 'system') return 'system';
  return 'user';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The value when it is a uuid, else null: only uuids can name an account or fit a uuid column. */
export const asUuid = (value: unknown): string | null => (typeof value === 'string' && UUID.test(value) ? value : null);
