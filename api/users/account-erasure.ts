// "Excluir minha conta" (LGPD, right to erasure; docs/adr/0010-account-erasure.md). The users row
// is deleted, not anonymized: refresh tokens (and every later table keyed by user_id) cascade,
// and nothing outside the event log then holds the person's name, e-mail, phone or documents.
// The log and the read models keep only the user's id; names are joined from users at query
// time, so the history reads 'Usuário removido' and every projection stays as a rebuild makes it.
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { loadState } from '../../commands/command-handler.js';
import { activeReservations, evolveRenter, initialRenterState, renterStreamId } from '../../domain/reservations/renter-reservations.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import type { FileStorage } from '../../infra/storage/port.js';
import { hasReservationIn } from '../../projections/reservations/queries.js';
import { avatarKeyPrefix } from '../uploads/file-names.js';
import { conflict } from '../http/errors.js';
import { normalizeEmail } from '../auth/users.js';
import { endSessions } from '../auth/session-epochs.js';
import { clearStaffHubs } from '../staff/staff-on-account.js';

/** Reservations that still hold a locker or an item: the account cannot go while one exists. */
export const OPEN_STATUSES = ['pending', 'active', 'awaiting_pickup'] as const;

export const OPEN_RESERVATION_MESSAGE =
  'Não é possível excluir sua conta enquanto houver reserva ativa, pendente ou aguardando coleta. Finalize ou cancele suas reservas e tente novamente.';

/**
 * True while the renter's stream in the event store (current even when the read model lags behind
 * a booking just made) holds an active reservation. Read before the erasure's transaction: the
 * store reads through the pool, and in embedded mode the pool's one client is the transaction's.
 */
async function holdsReservationInLog(store: EventStore, userId: string, now: Date): Promise<boolean> {
  const { state } = await loadState(store, renterStreamId(userId), { evolve: evolveRenter, initialState: initialRenterState });
  return activeReservations(state, now.getTime()) > 0;
}

/** True while the read model shows an open reservation (it also knows the goods awaiting pickup). */
async function holdsReservationInReadModel(client: pg.PoolClient, userId: string): Promise<boolean> {
  return hasReservationIn(client, userId, OPEN_STATUSES);
}

/** Where the person's uploaded pictures live, and where to say that some could not be deleted. */
export interface ErasureFiles {
  storage: FileStorage;
  log: FastifyBaseLogger;
}

/**
 * Erases the account in one transaction, then every avatar the person uploaded (their keys start
 * with the user's id); false when it did not exist; 409 while a reservation is open.
 */
export async function eraseAccount(db: pg.Pool, store: EventStore, userId: string, now: Date, files: ErasureFiles): Promise<boolean> {
  // Everything read through the pool comes before the transaction, never inside it (issue 24
  // item 4: waiting there for a second client froze embedded mode, whose pool has one).
  const heldInLog = await holdsReservationInLog(store, userId, now);
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const found = await client.query<{ email: string }>('SELECT email FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const email = found.rows[0]?.email;
    if (email === undefined) {
      await client.query('ROLLBACK');
      return false;
    }
    if (heldInLog || (await holdsReservationInReadModel(client, userId))) throw conflict('open_reservations', OPEN_RESERVATION_MESSAGE);
    // The failed-login counter of the e-mail (keyed by a hash of it, login-throttle.ts).
    const throttleKey = createHash('sha256')
      .update(`account:${normalizeEmail(email)}`)
      .digest('hex');
    await client.query('DELETE FROM login_throttle WHERE key = $1', [throttleKey]);
    // Contact messages written with this e-mail, signed in or not (those linked by user_id, and
    // recovery and confirmation links in account_tokens, also go with the cascade below).
    await client.query('DELETE FROM contact_messages WHERE lower(email) = $1', [normalizeEmail(email)]);
    // Signed out everywhere at once: every API process drops the account's access tokens when
    // this commits (refresh_tokens and every table with user_id REFERENCES users ON DELETE
    // CASCADE go with the row below).
    await endSessions(client, userId);
    await client.query('DELETE FROM users WHERE id = $1', [userId]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  // Hub assignments carry no personal data but would point at nobody: an event clears them after
  // the commit (events are appended in a transaction of their own), so a rebuild agrees.
  await clearStaffHubs({ db, store }, userId, 'account_erased', { id: 'system', role: 'system' }, now).catch((error: unknown) =>
    files.log.error({ err: error, userId }, 'erased account: Hub assignments not cleared'),
  );
  // After the commit: a picture is not worth keeping the account for. One that could not be
  // deleted is logged with its prefix so an operator can finish the job.
  const prefix = avatarKeyPrefix(userId);
  await files.storage.removeAll(prefix).catch((error: unknown) => files.log.error({ err: error, prefix }, 'erased account: avatars not deleted'));
  return true;
}
