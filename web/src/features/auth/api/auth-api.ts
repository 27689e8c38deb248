import { api } from '@/lib/api-client';
import type { RecoveryTokens } from '../account-links';
import type { AuthResponse, User } from '../types';

export type { RecoveryTokens };

export interface RegisterInput {
  name: string;
  email: string;
  phone: string;
  password: string;
}

export const loginRequest = (email: string, password: string) => api.post<AuthResponse>('/auth/login', { email, password });
export const registerRequest = (input: RegisterInput) => api.post<AuthResponse>('/auth/register', input);
export const signoutRequest = () => api.post<Record<string, never>>('/auth/signout');
export const updatePhoneRequest = (phone: string) => api.put<{ user: User }>('/auth/update-phone', { phone });
export const socialLoginRequest = (provider: string, redirectUrl: string) =>
  api.get<{ data: { url?: string } }>(`/auth/social/${provider}?redirectUrl=${encodeURIComponent(redirectUrl)}`);

type Message = { data: { message: string } };
export const recoverRequest = (email: string) => api.post<Message>('/auth/recover', { email });
export const verifyRecoveryRequest = (tokens: RecoveryTokens) => api.post<{ data: { email: string | null } }>('/auth/recovery/verify', tokens);
export const resetPasswordRequest = (tokens: RecoveryTokens, password: string) => api.post<Message>('/auth/reset-password', { ...tokens, password });
export const resendConfirmationRequest = (email: string) => api.post<Message>('/auth/resend-confirmation', { email });
export const confirmEmailRequest = (token: string) => api.post<{ data: { email: string | null; confirmed: boolean } }>('/auth/confirm-email', { token });
