import { createHmac, timingSafeEqual } from 'node:crypto';

// The door controller's request signature (docs/logistics-api.md, ADR 0008):
// X-Hub-Signature: sha256=<hex HMAC-SHA256(secret, METHOD \n PATH \n TIMESTAMP \n RAW_BODY)>.
// PATH is the request target as sent, without the query string.

export const signedText = (method: string, path: string, timestamp: string, rawBody: Buffer | string): Buffer =>
  Buffer.concat([Buffer.from(`${method.toUpperCase()}\n${path}\n${timestamp}\n`, 'utf8'), Buffer.isBuffer(rawBody) ? rawBody : Buffer.from(rawBody, 'utf8')]);

export const controllerSignature = (secret: string, method: string, path: string, timestamp: string, rawBody: Buffer | string): string =>
  createHmac('sha256', secret)
    .update(signedText(method, path, timestamp, rawBody))
    .digest('hex');

/** The headers a controller sends for a body, signed now. */
export function signedHeaders(secret: string, path: string, rawBody: string, nowMs: number): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return {
    'content-type': 'application/json',
    'x-hub-timestamp': timestamp,
    'x-hub-signature': `sha256=${controllerSignature(secret, 'POST', path, timestamp, rawBody)}`,
  };
}

/** The hex of a well-formed `sha256=<64 hex>` header, else null. */
export function signatureHex(header: string | string[] | undefined): string | null {
  const match = typeof header === 'string' ? /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim()) : null;
  return match ? match[1]!.toLowerCase() : null;
}

/** Constant-time comparison of two 64-hex digests. */
export function signatureMatches(expectedHex: string, givenHex: string): boolean {
  const a = Buffer.from(expectedHex, 'hex');
  const b = Buffer.from(givenHex, 'hex');
  return a.length === b.length && a.length === 32 && timingSafeEqual(a, b);
}
