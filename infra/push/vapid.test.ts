import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDirs } from '../../tests/support/temp-dirs.js';
import { vapidKeysFromEnv, vapidKeysInDataDir, vapidPublicKey } from './vapid.js';

describe('VAPID keys', () => {
  const temp = tempDirs();
  afterAll(() => temp.removeAll());

  it('embedded mode makes a pair into DATA_DIR on first start and keeps it', async () => {
    const dir = temp.make('hub-vapid-');
    expect(vapidPublicKey(dir, {})).toBeNull();
    const first = await vapidKeysInDataDir(dir, {});
    expect(existsSync(join(dir, 'vapid.json'))).toBe(true);
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
    expect(await vapidKeysInDataDir(dir, {})).toEqual(first);
    expect(vapidPublicKey(dir, {})).toBe(first.publicKey);
  });

  it('the environment wins, both keys or neither', async () => {
    const dir = temp.make('hub-vapid-');
    const env = { VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv' };
    expect(await vapidKeysInDataDir(dir, env)).toEqual({ publicKey: 'pub', privateKey: 'priv', subject: 'mailto:nao-responda@hub.dev' });
    expect(existsSync(join(dir, 'vapid.json'))).toBe(false);
    expect(vapidKeysFromEnv({})).toBeNull();
    expect(() => vapidKeysFromEnv({ VAPID_PUBLIC_KEY: 'pub' })).toThrow('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY');
  });
});
