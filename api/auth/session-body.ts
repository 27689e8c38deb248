import type pg from 'pg';
import type { IssuedRefresh, TokenService } from './tokens.js';
import { toAuthUser, toClientUser, type UserRow } from './users.js';

/**
 * The body login, register, refresh and social sign-in all answer ({ data: { session }, user,
 * token }); refresh passes in its rotated token, the others get a new one.
 */
export async function sessionBody(db: pg.Pool, tokens: TokenService, user: UserRow, rotated?: IssuedRefresh) {
  const access = await tokens.issueAccess(toAuthUser(user));
  const refresh = rotated ?? (await tokens.issueRefresh(db, user.id));
  const session = {
    access_token: access.token,
    refresh_token: refresh.token,
    expires_at: access.expiresAt,
    expires_in: access.expiresIn,
    token_type: 'bearer' as const,
    user: { id: user.id, email: user.email, phone: user.phone },
  };
  return { data: { session }, user: toClientUser(user), token: access.token };
}
