// Files in a folder on this machine (DATA_DIR/uploads by default), served by the API at /files.
// Each file is written under a temporary name and renamed into place, so a reader never sees half
// of one; names are new for every upload, and linking into place refuses a name already taken.
import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readdir, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { assertRemovablePrefix, assertStorableKey, contentTypeOfKey } from './keys.js';
import type { FileStorage, OpenedFile } from './port.js';

/** The URL prefix the API serves local files under. */
export const LOCAL_FILES_PREFIX = '/files';

export function createLocalDiskStorage(root: string): FileStorage {
  const base = resolve(root);

  /** The file's path, or null for a key that would leave the root (checked again after resolve). */
  function pathOf(key: string): string | null {
    if (contentTypeOfKey(key) === null) return null;
    const path = resolve(base, ...key.split('/'));
    return path.startsWith(base + sep) ? path : null;
  }

  return {
    publicOrigin: null,

    async put(key, bytes, contentType) {
      assertStorableKey(key, contentType);
      const path = pathOf(key);
      if (!path) throw new Error(`not a storable key: ${key}`);
      await mkdir(dirname(path), { recursive: true });
      const temporary = join(dirname(path), `.${randomBytes(8).toString('hex')}.part`);
      try {
        const handle = await open(temporary, 'wx', 0o644);
        try {
          await handle.writeFile(bytes);
        } finally {
          await handle.close();
        }
        // link() fails with EEXIST where rename() would replace another upload's file.
        await link(temporary, path);
      } finally {
        await rm(temporary, { force: true });
      }
      return { url: `${LOCAL_FILES_PREFIX}/${key}`, path: key };
    },

    async removeAll(prefix) {
      assertRemovablePrefix(prefix);
      const [folder = '', start = ''] = prefix.split('/');
      let names: string[];
      try {
        names = await readdir(join(base, folder));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      const matching = names.filter((name) => name.startsWith(start));
      await Promise.all(matching.map((name) => rm(join(base, folder, name), { force: true })));
      return matching.length;
    },

    async open(key): Promise<OpenedFile | null> {
      const path = pathOf(key);
      const contentType = contentTypeOfKey(key);
      if (!path || !contentType) return null;
      // The file is opened here, not lazily by the stream, so a file removed meanwhile is a null
      // answer now rather than an 'error' event nobody listens to later.
      try {
        const handle = await open(path, 'r');
        const info = await handle.stat().catch(async (error: unknown) => {
          await handle.close();
          throw error;
        });
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        return { stream: handle.createReadStream(), contentType, size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
