/** Every role an account can hold; the database CHECK constraint lists the same values. */
export const ROLES = ['user', 'admin', 'logistics', 'maintenance', 'partner'] as const;
export type Role = (typeof ROLES)[number];

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
