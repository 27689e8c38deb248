import { createHmac } from 'node:crypto';

// A webhook endpoint's signing secret is never stored (ADR 0021): it is derived from the server's
// code secret (CODE_SECRET), the endpoint's id and its secret version, so the API can show it once
// at registration (and at each rotation) and the delivery worker recomputes it for every attempt.
// Rotating bumps the version in the log; the old secret stops signing at once.

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export function webhookSecret(codeSecret: string, endpointId: string, version: number): string {
  return WEBHOOK_SECRET_PREFIX + createHmac('sha256', codeSecret).update(`webhook:${endpointId}:${version}`).digest('base64url');
}

/** `Hub-Signature: t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{raw body}"}` (docs/webhooks.md). */
export function webhookSignature(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}
