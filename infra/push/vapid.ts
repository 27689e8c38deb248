// VAPID keys (RFC 8292) identify this server to browsers' push services. From the environment
// (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, both or neither); in embedded mode, made once and kept
// in DATA_DIR/vapid.json like the other secrets, so subscriptions survive a restart. Without
// keys (services mode, none set) Web Push is off: the API says so and the web hides the switch.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who runs the server (a mailto: or https: URL), told to push services. */
  subject: string;
}

const subjectOf = (env: NodeJS.ProcessEnv) => env.VAPID_SUBJECT?.trim() || 'mailto:nao-responda@hub.dev';

export function vapidKeysFromEnv(env: NodeJS.ProcessEnv = process.env): VapidKeys | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey && !privateKey) return null;
  if (!publicKey || !privateKey) throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (Web Push off).');
  return { publicKey, privateKey, subject: subjectOf(env) };
}

/** The environment's keys, else those kept in DATA_DIR (made on first start; web-push loads only then). */
export async function vapidKeysInDataDir(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<VapidKeys> {
  const fromEnv = vapidKeysFromEnv(env);
  if (fromEnv) return fromEnv;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'vapid.json');
  let stored: { publicKey: string; privateKey: string };
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  } catch {
    stored = (await import('web-push')).default.generateVAPIDKeys();
    writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
  }
  return { ...stored, subject: subjectOf(env) };
}

/** The public key the browser subscribes with: the environment's, else DATA_DIR's if made; null: push off. */
export function vapidPublicKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const fromEnv = vapidKeysFromEnv(env);
  if (fromEnv) return fromEnv.publicKey;
  try {
    return (JSON.parse(readFileSync(join(dataDir, 'vapid.json'), 'utf8')) as { publicKey: string }).publicKey;
  } catch {
    return null;
  }
}
