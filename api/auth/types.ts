import type { Role } from '../../contract/users/user-schemas.js';

export { ROLES } from '../../contract/users/user-schemas.js';
export type { Role };

/** Who is calling, as carried by a verified access token. */
export type AuthUser = {
  id: string;
  role: Role;
  isAdmin: boolean;
  name: string;
  email: string;
  /** The account's session epoch when the token was issued; a newer one ends it (session-epochs.ts). */
  sessionEpoch: number;
};
