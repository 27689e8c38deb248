import type { confirmEmail, recoverPassword, resendConfirmation, resetPassword, verifyRecovery } from '@contract/auth/account-link-endpoints';
import type { login, register, signout, updatePhone } from '@contract/auth/auth-endpoints';
import type { startSocialSignIn } from '@contract/auth/social-endpoints';
import type { InputOf } from '@contract/endpoint';
import { call } from '@/lib/api-call';
import type { RecoveryTokens } from '../account-links';

export type { RecoveryTokens };
export type RegisterInput = InputOf<typeof register>['body'];

export const loginRequest = (email: string, password: string) => call<typeof login>('POST /api/auth/login', { body: { email, password } });
export const registerRequest = (input: RegisterInput) => call<typeof register>('POST /api/auth/register', { body: input });
export const signoutRequest = () => call<typeof signout>('POST /api/auth/signout', {});
export const updatePhoneRequest = (phone: string) => call<typeof updatePhone>('PUT /api/auth/update-phone', { body: { phone } });
export const socialLoginRequest = (provider: InputOf<typeof startSocialSignIn>['params']['provider'], redirectUrl: string) =>
  call<typeof startSocialSignIn>('GET /api/auth/social/{provider}', { params: { provider }, query: { redirectUrl } });

export const recoverRequest = (email: string) => call<typeof recoverPassword>('POST /api/auth/recover', { body: { email } });
export const verifyRecoveryRequest = (tokens: RecoveryTokens) => call<typeof verifyRecovery>('POST /api/auth/recovery/verify', { body: tokens });
export const resetPasswordRequest = (tokens: RecoveryTokens, password: string) =>
  call<typeof resetPassword>('POST /api/auth/reset-password', { body: { ...tokens, password } });
export const resendConfirmationRequest = (email: string) => call<typeof resendConfirmation>('POST /api/auth/resend-confirmation', { body: { email } });
export const confirmEmailRequest = (token: string) => call<typeof confirmEmail>('POST /api/auth/confirm-email', { body: { token } });
