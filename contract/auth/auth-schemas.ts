import { z } from 'zod';
import { AccountMessages, emailField, newPasswordField, passwordField, personName, phoneField, requiredText } from '../shared/account-fields.js';
import { ClientUser } from '../users/user-schemas.js';

// Sign-up, sign-in and sessions (spec §7 Auth): the bodies the screens send and the session the
// API answers (login, register, refresh and social sign-in all answer SessionAnswer).

export const RegisterBody = z.object({
  name: personName(),
  email: emailField(),
  phone: phoneField(AccountMessages.required),
  password: newPasswordField(),
  // Deliberately no role: sign-up always creates a plain user, whatever the client sends.
});

export const LoginBody = z.object({ email: requiredText(AccountMessages.required).max(254), password: passwordField() });
export const RefreshBody = z.object({ refresh_token: requiredText(AccountMessages.required).max(200) });
export const UpdatePhoneBody = z.object({ phone: phoneField() });

export const Session = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** Unix seconds. */
  expires_at: z.number(),
  expires_in: z.number(),
  token_type: z.literal('bearer'),
  user: z.object({ id: z.string(), email: z.string(), phone: z.string().nullable() }),
});

export const SessionAnswer = z
  .object({
    data: z.object({ session: Session }),
    user: ClientUser,
    /** The access token again, where older clients read it. */
    token: z.string(),
  })
  .meta({ id: 'SessionAnswer' });

/** GET /api/auth/session: the presented token, verified, and its account. */
export const CurrentSession = z.object({ data: z.object({ session: z.object({ access_token: z.string() }) }), user: ClientUser });
export const UserAnswer = z.object({ user: ClientUser });

/** The answers that only say something to the person: { data: { message } }. */
export const MessageAnswer = z.object({ data: z.object({ message: z.string() }) });

export type SessionView = z.infer<typeof Session>;
export type SessionAnswerView = z.infer<typeof SessionAnswer>;
