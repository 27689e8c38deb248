import type { socialSession } from '@contract/auth/social-endpoints';
import { call } from '@/lib/api-call';

/** Trades the one-time code the social callback left in the URL fragment for a session. */
export const socialSessionRequest = (code: string) => call<typeof socialSession>('POST /api/auth/social/session', { body: { code } });
