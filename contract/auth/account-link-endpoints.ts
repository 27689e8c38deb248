import { endpoint } from '../endpoint.js';
import { MessageAnswer } from './auth-schemas.js';
import { AuthErrors } from './auth-endpoints.js';
import {
  AccountLinkMessages,
  ConfirmEmailAnswer,
  ConfirmEmailBody,
  EmailBody,
  RecoveryTokens,
  RecoveryVerifyAnswer,
  ResetPasswordBody,
} from './account-link-schemas.js';
import { authExamples } from './auth-examples.js';

// E-mail confirmation and password recovery. The requests that send mail answer alike whether or
// not the e-mail has an account (nothing is learnt about which exist) and are limited per address
// and per e-mail.

const tooManyMails = { status: 429, code: 'rate_limited', message: 'Muitas solicitações para este e-mail. Tente novamente mais tarde.' } as const;
export const invalidConfirmation = { status: 400, code: 'invalid_confirmation_link', message: AccountLinkMessages.invalidConfirmation } as const;
export const invalidRecovery = { status: 401, code: 'invalid_recovery_link', message: AccountLinkMessages.invalidRecovery } as const;

export const resendConfirmation = endpoint({
  method: 'POST',
  path: '/api/auth/resend-confirmation',
  tag: 'Autenticação',
  summary: 'Envia de novo o link de confirmação do e-mail',
  auth: 'public',
  body: EmailBody,
  responses: { 202: MessageAnswer },
  errors: [tooManyMails],
  examples: authExamples.resendConfirmation,
});

export const confirmEmail = endpoint({
  method: 'POST',
  path: '/api/auth/confirm-email',
  tag: 'Autenticação',
  summary: 'Confirma o e-mail com o token do link',
  auth: 'public',
  body: ConfirmEmailBody,
  responses: { 200: ConfirmEmailAnswer },
  errors: [invalidConfirmation],
  examples: authExamples.confirmEmail,
});

export const recoverPassword = endpoint({
  method: 'POST',
  path: '/api/auth/recover',
  tag: 'Autenticação',
  summary: 'Pede o link para redefinir a senha',
  description: 'Responde o mesmo, na hora, exista ou não uma conta com o e-mail; o envio acontece depois.',
  auth: 'public',
  body: EmailBody,
  responses: { 202: MessageAnswer },
  errors: [tooManyMails],
  examples: authExamples.recoverPassword,
});

export const verifyRecovery = endpoint({
  method: 'POST',
  path: '/api/auth/recovery/verify',
  tag: 'Autenticação',
  summary: 'Confere um link de recuperação sem usá-lo',
  auth: 'public',
  body: RecoveryTokens,
  responses: { 200: RecoveryVerifyAnswer },
  errors: [invalidRecovery],
  examples: authExamples.verifyRecovery,
});

export const resetPassword = endpoint({
  method: 'POST',
  path: '/api/auth/reset-password',
  tag: 'Autenticação',
  summary: 'Redefine a senha com o link de recuperação',
  description: 'Usa o link (uma vez), confirma o e-mail e encerra todas as sessões da conta.',
  auth: 'public',
  body: ResetPasswordBody,
  responses: { 200: MessageAnswer },
  errors: [invalidRecovery, AuthErrors.busy],
  examples: authExamples.resetPassword,
});

export const accountLinkEndpoints = { resendConfirmation, confirmEmail, recoverPassword, verifyRecovery, resetPassword };
