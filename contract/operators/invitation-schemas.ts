import { z } from 'zod';
import { newPasswordField } from '../shared/account-fields.js';

// The invitation a new operator is mailed: a one-time link to /convite#token=<selector>.<secret>
// (7 days) whose page sets the first password ('Defina sua senha').

export const InvitationMessages = {
  invalid: 'Convite inválido ou expirado.',
  passwordShort: 'A senha deve ter pelo menos 6 caracteres.',
  mismatch: 'As senhas não coincidem.',
  accepted: 'Senha definida! Entre com seu e-mail e a nova senha.',
  resent: 'Convite reenviado.',
  alreadyActive: 'Este operador já definiu a senha.',
} as const;

// '<selector uuid>.<secret, 32 bytes base64url>', as the confirmation link carries it.
const token = z.string().regex(/^[0-9a-f-]{36}\.[\w-]{43}$/i, InvitationMessages.invalid);

export const InvitationTokenBody = z.object({ token });
export const AcceptInvitationBody = z.object({ token, password: newPasswordField(InvitationMessages.passwordShort, InvitationMessages.passwordShort) });
export const InvitationAnswer = z.object({ data: z.object({ name: z.string(), email: z.string() }) });
