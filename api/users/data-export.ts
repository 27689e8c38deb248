// "Baixar meus dados" (LGPD, right of access): everything Hub holds about one person, as JSON.
// The account row, its sessions (dates only, never token hashes), Hub assignments, and every
// reservation with its history as the event log tells it (code hashes left out).
import type pg from 'pg';
import { readReservation } from '../../commands/reservation-commands.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import { staffHubIdsOf } from '../../projections/staff/queries.js';
import { toClientUser, type UserRow } from '../auth/users.js';
import { listUserReservations, toReservationResponse } from '../reservations/reservation-queries.js';

/** Keys of event data that hold a secret's hash: meaningless to the person, useful to nobody else. */
const HIDDEN_KEYS = new Set(['codeHash']);

function withoutSecrets(data: unknown): Record<string, unknown> {
  if (typeof data !== 'object' || data === null) return {};
  return Object.fromEntries(Object.entries(data).filter(([key]) => !HIDDEN_KEYS.has(key)));
}

export async function exportUserData(db: pg.Pool, store: EventStore, user: UserRow, now: Date) {
  const [sessions, hubs, reservations] = await Promise.all([
    db.query<{ created_at: Date; expires_at: Date; revoked_at: Date | null }>(
      'SELECT created_at, expires_at, revoked_at FROM refresh_tokens WHERE user_id = $1 ORDER BY created_at',
      [user.id],
    ),
    staffHubIdsOf(db, user.id),
    listUserReservations(db, user.id),
  ]);
  const withHistory = [];
  for (const reservation of reservations) {
    const { log } = await readReservation({ store }, reservation.id);
    withHistory.push({
      ...toReservationResponse(reservation),
      history: log.map(({ event, at }) => ({ type: event.type, at, data: withoutSecrets(event.data) })),
    });
  }
  return {
    exported_at: now.toISOString(),
    account: { ...toClientUser(user), created_at: user.created_at.toISOString(), updated_at: user.updated_at.toISOString() },
    sessions: sessions.rows.map((s) => ({
      created_at: s.created_at.toISOString(),
      expires_at: s.expires_at.toISOString(),
      revoked_at: s.revoked_at?.toISOString() ?? null,
    })),
    staff_hubs: hubs,
    reservations: withHistory,
  };
}
