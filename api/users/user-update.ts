// One update path for PUT /api/users/profile/me and PUT /api/users/{id}: the same fields, the same
// rules. The e-mail never changes (spec §5); role and partner only by an admin (spec §6).
import { isAdmin } from '../auth/guard.js';
import type { AuthUser } from '../auth/types.js';
import { normalizeEmail, type UserRow } from '../auth/users.js';
import { badRequest, forbidden, unauthorized } from '../http/errors.js';
import { parse } from '../http/validation.js';
import type { Queryable } from '../auth/tokens.js';
import { Messages, userUpdateBody } from './user-input.js';
import { changedFields, updateUser } from './user-store.js';

export async function applyUserUpdate(db: Queryable, caller: AuthUser, target: UserRow, body: unknown): Promise<UserRow> {
  const input = parse(userUpdateBody, body);
  if (input.email !== undefined && normalizeEmail(input.email) !== target.email) {
    throw badRequest('email_immutable', Messages.emailImmutable);
  }
  const changes = changedFields(target, input);
  if ((changes.role !== undefined || changes.partner_id !== undefined) && !isAdmin(caller)) throw forbidden(Messages.roleAdminOnly);
  if (Object.keys(changes).length === 0) return target; // nothing to write
  const updated = await updateUser(db, target.id, changes);
  if (!updated) throw unauthorized('Sessão inválida'); // erased meanwhile
  return updated;
}
