import type pg from 'pg';
import type { TokenService } from '../tokens.js';
import { toAuthUser, toClientUser, type UserRow } from '../users.js';

/** The same body login and register answer ({ data: { session }, user, token }), for a social sign-in. */
export async function sessionBody(db: pg.Pool, tokens: TokenService, user: UserRow) {
  const access = await tokens.issueAccess(toAuthUser(user));
  const refresh = await tokens.issueRefresh(db, user.id);
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
