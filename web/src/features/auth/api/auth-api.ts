import { api } from '@/lib/api-client';
import type { AuthResponse, User } from '../types';

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
