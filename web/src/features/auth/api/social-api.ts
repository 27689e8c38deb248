import { api } from '@/lib/api-client';
import type { AuthResponse } from '../types';

/** Trades the one-time code the social callback left in the URL fragment for a session. */
export const socialSessionRequest = (code: string) => api.post<AuthResponse>('/auth/social/session', { code });
