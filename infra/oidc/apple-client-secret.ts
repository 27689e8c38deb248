// Apple's "client secret" is not a fixed string: it is an ES256 JWT the app signs with a private
// key from its Apple developer account (iss = team id, sub = the Services ID, aud = Apple, at most
// six months). We sign a 10-minute one for each code exchange, so nothing long-lived is stored.
import { SignJWT, importPKCS8 } from 'jose';
import type { AppleSigningKey } from './settings.js';

export const APPLE_AUDIENCE = 'https://appleid.apple.com';

export async function appleClientSecret(key: AppleSigningKey, clientId: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: key.keyId })
    .setIssuer(key.teamId)
    .setSubject(clientId)
    .setAudience(APPLE_AUDIENCE)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + 600)
    .sign(await importPKCS8(key.privateKeyPem, 'ES256'));
}
