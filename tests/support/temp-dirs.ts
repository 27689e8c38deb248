// Folders a test makes under the system's temp directory, removed by the test when it is done:
// a green run leaves nothing in /tmp.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TempDirs {
  /** A new empty folder `{tmp}/{prefix}XXXXXX`, kept until removeAll. */
  make(prefix: string): string;
  /** Removes every folder made so far (with what is in it). */
  removeAll(): void;
}

export function tempDirs(): TempDirs {
  const made: string[] = [];
  return {
    make(prefix) {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      made.push(dir);
      return dir;
    },
    removeAll() {
      for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}
