import { z } from 'zod';

// The account as it leaves the API (spec §3 User, client shape) and the profile built on it.
// Only the fields named here are serialized: password_hash and the session epoch never leave.

/** Every role an account can hold; the database CHECK constraint lists the same values. */
export const ROLES = ['user', 'admin', 'logistics', 'maintenance', 'partner'] as const;
export const RoleSchema = z.enum(ROLES);

/** The user as the web client stores it (login, register, refresh, the users API). */
export const ClientUser = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    role: RoleSchema,
    isAdmin: z.boolean(),
    avatar_url: z.string().nullable(),
    rg: z.string().nullable(),
    cpf: z.string().nullable(),
    cnpj: z.string().nullable(),
    address: z.string().nullable(),
    address_number: z.string().nullable(),
    complement: z.string().nullable(),
    neighborhood: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    postal_code: z.string().nullable(),
    partner_id: z.string().nullable(),
    hidePublics: z.boolean(),
  })
  .meta({ id: 'User' });

/** GET/PUT /api/users/profile/me: the user, how deletion is confirmed and whether the e-mail is proved. */
export const Profile = ClientUser.extend({
  /** "Excluir minha conta" asks for the password, or the e-mail for an account without one. */
  confirmDeletionWith: z.enum(['password', 'email']),
  email_confirmed: z.boolean(),
  email_confirmed_at: z.string().nullable(),
}).meta({ id: 'Profile' });

export const UserList = z.array(ClientUser);
export const UserIdAnswer = z.object({ id: z.string() });

/** "Baixar meus dados": everything Hub holds about the person. Reservations keep their own shape. */
export const DataExport = z.object({
  exported_at: z.string(),
  account: ClientUser.extend({ created_at: z.string(), updated_at: z.string() }),
  sessions: z.array(z.object({ created_at: z.string(), expires_at: z.string(), revoked_at: z.string().nullable() })),
  staff_hubs: z.array(z.string()),
  reservations: z.array(
    z.looseObject({
      id: z.string(),
      history: z.array(z.object({ type: z.string(), at: z.string(), data: z.record(z.string(), z.unknown()) })),
    }),
  ),
});

export type ClientUserView = z.infer<typeof ClientUser>;
export type ProfileView = z.infer<typeof Profile>;
export type Role = z.infer<typeof RoleSchema>;
