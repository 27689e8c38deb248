// Real files for the upload tests, made in the test (no fixtures): PNGs built with zlib (valid
// chunks and CRCs, any size), a GIF, an SVG, the machine's own executable; a multipart body
// builder; a disk storage whose folder each test swaps for a fresh one; and an API on a fresh
// database with the storage of the test's choice.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildApp } from '../../api/app.js';
import { createTokenService } from '../../api/auth/tokens.js';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { createInProcessQueue } from '../../infra/queue/in-process.js';
import { createLocalDiskStorage } from '../../infra/storage/local-disk.js';
import type { FileStorage } from '../../infra/storage/port.js';
import { createTestDatabase } from './database.js';
import type { TestApp } from './test-app.js';
import { tempDirs } from './temp-dirs.js';

export { makePng, pngOfAtLeast } from './png.js';

/** A 1×1 GIF89a. */
export const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** An SVG that would run script if a browser rendered it as a document. */
export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);

/** A real ELF executable: this machine's /bin/true. */
export function executable(): Buffer {
  return readFileSync('/bin/true');
}

export interface FormPart {
  name: string;
  value?: string;
  file?: { bytes: Buffer; filename: string; contentType?: string };
}

/** A multipart/form-data body with the parts in the order given. */
export function multipart(parts: FormPart[]): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----hubtest${randomBytes(12).toString('hex')}`;
  const pieces: Buffer[] = [];
  for (const part of parts) {
    if (part.file) {
      pieces.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.file.filename}"\r\nContent-Type: ${part.file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      pieces.push(part.file.bytes, Buffer.from('\r\n'));
    } else {
      pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value ?? ''}\r\n`));
    }
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(pieces), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The common case: a folder field, then the file. */
export function uploadForm(folder: string | null, bytes: Buffer, filename: string, contentType?: string, extra: FormPart[] = []) {
  return multipart([...(folder === null ? [] : [{ name: 'folder', value: folder }]), ...extra, { name: 'file', file: { bytes, filename, contentType } }]);
}

/** A local-disk storage whose folder can be replaced by a fresh, empty one at any time. */
export function swappableDiskStorage(): { storage: FileStorage; fresh(): string; root(): string; removeAll(): void } {
  const temp = tempDirs();
  let root = temp.make('hub-uploads-');
  let current = createLocalDiskStorage(root);
  return {
    storage: {
      publicOrigin: null,
      put: (key, bytes, contentType) => current.put(key, bytes, contentType),
      open: (key) => current.open!(key),
      removeAll: (prefix) => current.removeAll(prefix),
    },
    fresh() {
      root = temp.make('hub-uploads-');
      current = createLocalDiskStorage(root);
      return root;
    },
    root: () => root,
    /** Every folder it used, gone (after the app using it has closed). */
    removeAll: () => temp.removeAll(),
  };
}

/** Every file under dir, as paths relative to it (hidden temporary files included). */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** A whole API on a fresh database (no projections: uploads need none) storing files in storage. */
export async function startUploadApp(storage: FileStorage, webDist: string | null = null): Promise<TestApp> {
  const database = await createTestDatabase();
  const db = createPool(database.url, { max: 5 });
  const store = createPostgresEventStore(db, { pollIntervalMs: 20 });
  const queue = createInProcessQueue();
  const clock = { now: null as Date | null, read: () => clock.now ?? new Date() };
  const app = await buildApp({
    db,
    store,
    queue,
    tokens: createTokenService(randomBytes(32)),
    codeSecret: randomBytes(32).toString('hex'),
    clock: () => clock.read(),
    maxReservationHours: 48,
    awaitProjections: async () => true,
    storage,
    webDist,
  });
  return {
    app,
    db,
    store,
    queue,
    url: database.url,
    clock,
    async close() {
      await app.close();
      await queue.close();
      await store.close();
      await db.end();
      await database.drop();
    },
  };
}
