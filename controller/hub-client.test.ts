import { describe, expect, it } from 'vitest';
import { manifestSignatureValid, requestSignature, verifiedManifest } from './hub-client.js';

// The figures docs/controller.md gives an integrator to check their own signing against.

describe('the controller’s signatures (docs/controller.md)', () => {
  it('signs a GET of the manifest over an empty body', () => {
    expect(requestSignature('SECRET1234', 'GET', '/api/controller/LK-0001/manifest', '1764064800', '')).toBe(
      'sha256=45042d6d6a6a2c913122e4b5def3510fc6a488efaaf3891eff4ca30b3e90d31e',
    );
  });

  it('signs an events batch over its exact bytes', () => {
    const body = '{"events":[{"id":"5b0c6a3e-1d2f-4e8a-9b7c-3f1e2d4a6c80","at":"2025-11-25T10:00:00.000Z","type":"heartbeat","manifest_issued_at":null}]}';
    expect(requestSignature('SECRET1234', 'POST', '/api/controller/LK-0001/events', '1764064800', body)).toBe(
      'sha256=8076f52e1ca3ca397c5b25614d6f5211b798c99016f537b4a32e827fcccd5d94',
    );
  });

  it('trusts a manifest only with its Hub key’s signature over "MANIFEST\\n" + body', () => {
    const signature = 'sha256=14a8d91e28e4205156b9e8a78b5bf36c8cc051f1b70599f78c5dba86af8c2d84';
    expect(manifestSignatureValid('SECRET1234', '{"hub_id":"LK-0001"}', signature)).toBe(true);
    expect(manifestSignatureValid('SECRET1234', '{"hub_id":"LK-0002"}', signature)).toBe(false);
    expect(manifestSignatureValid('OTHERKEY99', '{"hub_id":"LK-0001"}', signature)).toBe(false);
    expect(manifestSignatureValid('SECRET1234', '{"hub_id":"LK-0001"}', null)).toBe(false);
    // Signed, but not a manifest: refused too.
    expect(verifiedManifest({ baseUrl: 'http://x', hubId: 'LK-0001', secret: 'SECRET1234' }, '{"hub_id":"LK-0001"}', signature)).toBeNull();
  });
});
