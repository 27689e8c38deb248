// What the locker history (docs/admin-api.md, "History") calls each fact, and who acted.

export { HISTORY_KINDS, isHistoryKind } from '../../contract/history/history-kinds.js';
export type { HistoryKind } from '../../contract/history/history-kinds.js';

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
