import { exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import { expect, it } from 'vitest';
import { APPLE_AUDIENCE, appleClientSecret } from './apple-client-secret.js';

it('signs a 10-minute ES256 client secret Apple can check with the public key', async () => {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const now = Math.floor(Date.now() / 1000);
  const secret = await appleClientSecret({ teamId: 'TEAM123', keyId: 'KEY456', privateKeyPem: await exportPKCS8(privateKey) }, 'dev.hub.web', now);
  const { payload, protectedHeader } = await jwtVerify(secret, publicKey, { audience: APPLE_AUDIENCE, issuer: 'TEAM123', subject: 'dev.hub.web' });
  expect(protectedHeader).toEqual({ alg: 'ES256', kid: 'KEY456' });
  expect(payload.exp! - payload.iat!).toBe(600);
});
