import type pg from 'pg';
import { withTransaction } from '../../infra/db/pool.js';
import { endSessions } from '../auth/session-epochs.js';

// A partner's users sign in as 'partner' (issue 27 item 5): adding a plain renter's account to a
// partner makes it role 'partner' with users.partner_id set, so the dashboard lets it into its
// 'Integração' page (ADR 0020); taking it out (or removing the partner) makes it a renter again.
// Staff and admin accounts keep their role: a partner membership never demotes anyone, and a
// 'partner' account of another partner keeps that one. A role change ends the account's sessions
// in the same transaction, as every role change does (api/users/user-update.ts), because access
// tokens carry the role.

/** After PartnerUserAdded: a renter ('user') becomes this partner's 'partner'; a 'partner' of none is given this one. */
export async function makePartnerAccount(db: pg.Pool, userId: string, partnerId: string): Promise<void> {
  await withTransaction(db, async (client) => {
    const { rows } = await client.query<{ role: string; partner_id: string | null }>('SELECT role, partner_id FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const account = rows[0];
    if (!account || !(account.role === 'user' || (account.role === 'partner' && account.partner_id === null))) return;
    await client.query(`UPDATE users SET role = 'partner', partner_id = $2, updated_at = now() WHERE id = $1`, [userId, partnerId]);
    if (account.role === 'user') await endSessions(client, userId);
  });
}

/** After PartnerUserRemoved or PartnerRemoved: this partner's 'partner' accounts become renters. */
export async function releasePartnerAccounts(db: pg.Pool, userIds: readonly string[], partnerId: string): Promise<void> {
  if (userIds.length === 0) return;
  await withTransaction(db, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `UPDATE users SET role = 'user', partner_id = NULL, updated_at = now() WHERE id = ANY($1::uuid[]) AND role = 'partner' AND partner_id = $2 RETURNING id`,
      [userIds, partnerId],
    );
    for (const { id } of rows) await endSessions(client, id);
  });
}
