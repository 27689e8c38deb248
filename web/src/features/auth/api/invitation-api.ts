import type { acceptInvitation, verifyInvitation } from '@contract/operators/operator-endpoints';
import { call } from '@/lib/api-call';

// The operator's invitation link (/convite#token=…): checked as the page opens, used once to set the first password.
export const verifyInvitationRequest = (token: string) => call<typeof verifyInvitation>('POST /api/auth/invitation/verify', { body: { token } });
export const acceptInvitationRequest = (token: string, password: string) =>
  call<typeof acceptInvitation>('POST /api/auth/invitation/accept', { body: { token, password } });

/** The token from the link's hash (never sent to a server log), or null when there is none. */
export function invitationTokenFrom(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^[0-9a-f-]{36}\.[\w-]{43}$/i.test(token) ? token : null;
}
