// One update path for PUT /api/users/profile/me and PUT /api/users/{id}: the same fields, the same
// rules. The e-mail never changes (spec §5); role and partner only by an admin (spec §6). A role
// change ends the account's sessions in the same transaction: tokens carry the role, and a
// demoted admin's must stop working at once, in every API process (session-epochs.ts).
import type pg from 'pg';
import { withTransaction } from '../../infra/db/pool.js';
import { isAdmin } from '../auth/guard.js';
import type { AuthUser } from '../auth/types.js';
import { normalizeEmail, type UserRow } from '../auth/users.js';
import { badRequest, forbidden, unauthorized } from '../http/errors.js';
import { endSessions } from '../auth/session-epochs.js';
import { UserMessages as Messages, type UserUpdate } from '../../contract/users/user-bodies.js';
import { changedFields, updateUser } from './user-store.js';
import { afterRoleChange, type StaffDeps } from '../staff/staff-on-account.js';

/**
 * Applies an update already parsed with the contract's UserUpdateBody. With `staff`, a role change
 * away from logistics/maintenance also clears the account's Hub assignments (staff-on-account.ts).
 */
export async function applyUserUpdate(db: pg.Pool, caller: AuthUser, target: UserRow, input: UserUpdate, staff?: StaffDeps): Promise<UserRow> {
  if (input.email !== undefined && normalizeEmail(input.email) !== target.email) {
    throw badRequest('email_immutable', Messages.emailImmutable);
  }
  const changes = changedFields(target, input);
  if ((changes.role !== undefined || changes.partner_id !== undefined) && !isAdmin(caller)) throw forbidden(Messages.roleAdminOnly);
  if (Object.keys(changes).length === 0) return target; // nothing to write
  const updated =
    changes.role === undefined
      ? await updateUser(db, target.id, changes)
      : await withTransaction(db, async (client) => {
          const row = await updateUser(client, target.id, changes);
          if (row) await endSessions(client, target.id);
          return row;
        });
  if (!updated) throw unauthorized('Sessão inválida'); // erased meanwhile
  if (staff && changes.role !== undefined) await afterRoleChange({ db, ...staff }, target.id, updated.role, { id: caller.id, role: caller.role }, new Date());
  return updated;
}
