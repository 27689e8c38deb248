import { z } from 'zod';
import { emailField, newPasswordField } from '../shared/account-fields.js';

// The links mailed to confirm an e-mail and to recover a password, and the bodies that bring
// their tokens back (spec "E-mail confirmation", "Forgot password", "Reset password").

export const AccountLinkMessages = {
  confirmationSent: 'Se houver uma conta não confirmada com este e-mail, enviaremos um novo link de confirmação.',
  invalidConfirmation: 'Link de confirmação inválido ou expirado.',
  recoverySent: 'Se houver uma conta com este e-mail, enviaremos um link para redefinir a senha.',
  invalidRecovery: 'Link de recuperação inválido ou expirado.',
  passwordShort: 'A senha deve ter pelo menos 6 caracteres.',
  passwordReset: 'Senha redefinida com sucesso.',
  emailMissing: 'Informe o e-mail',
} as const;

export const EmailBody = z.object({ email: emailField(AccountLinkMessages.emailMissing) });

// '<selector uuid>.<secret, 32 bytes base64url>' as the confirmation link carries it.
export const ConfirmEmailBody = z.object({ token: z.string().regex(/^[0-9a-f-]{36}\.[\w-]{43}$/i, AccountLinkMessages.invalidConfirmation) });
export const ConfirmEmailAnswer = z.object({ data: z.object({ email: z.string().nullable(), confirmed: z.literal(true) }) });

/** The recovery link's halves: a UUID and 32 random bytes in base64url. Anything else is not a link of ours. */
export const RecoveryTokens = z.object({
  access_token: z.uuid(AccountLinkMessages.invalidRecovery),
  refresh_token: z.string().regex(/^[\w-]{43}$/, AccountLinkMessages.invalidRecovery),
});
export const ResetPasswordBody = RecoveryTokens.extend({
  password: newPasswordField(AccountLinkMessages.passwordShort, AccountLinkMessages.passwordShort),
});
export const RecoveryVerifyAnswer = z.object({ data: z.object({ email: z.string().nullable() }) });

export type RecoveryTokensInput = z.input<typeof RecoveryTokens>;
