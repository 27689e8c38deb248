import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ManifestView } from '../contract/controller/controller-sync.js';
import type { HubTarget } from './hub-client.js';
import { verifiedManifest } from './hub-client.js';

// The last good manifest on disk, with its signature: read back only if the Hub's key still
// vouches for it, so a tampered file opens nothing.

export function createManifestFile(dir: string, target: HubTarget) {
  const file = join(dir, 'manifest.json');
  return {
    save(body: string, signature: string) {
      writeFileSync(`${file}.tmp`, JSON.stringify({ body, signature }));
      renameSync(`${file}.tmp`, file);
    },
    load(): ManifestView | null {
      if (!existsSync(file)) return null;
      try {
        const saved = JSON.parse(readFileSync(file, 'utf8')) as { body?: unknown; signature?: unknown };
        return typeof saved.body === 'string' && typeof saved.signature === 'string' ? verifiedManifest(target, saved.body, saved.signature) : null;
      } catch {
        return null;
      }
    },
  };
}
