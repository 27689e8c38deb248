// What an interrupted start leaves behind (the process killed, or a Ctrl-C before
// infra/db/remove-on-interrupt.ts could act): esbuild's staging folder of the server bundle and
// the database template being built in node_modules/.cache/hub, and the template's socket folder
// in the temp directory. Each is named by the pid that made it. Two starts may run at once, so a
// folder is removed only when its process is gone, or once it is older than any build takes
// (the pid may belong to another process by then). Older names without a pid go by age alone.
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const MAX_BUILD_MS = 60 * 60 * 1000;

const IN_CACHE = [/^server-[0-9a-f]{16}\.(\d+)\.tmp$/, /^building-(\d+)-\w+$/, /^building-\w{6}$/];
const IN_TEMP = [/^hub-pg-template-(\d+)-\w+$/, /^hub-pg-template-\w{6}$/];

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM'; // exists, another user's
  }
}

function stale(path, pid, now) {
  let mtimeMs;
  try {
    ({ mtimeMs } = statSync(path));
  } catch {
    return false; // already gone
  }
  if (now - mtimeMs > MAX_BUILD_MS) return true;
  return pid !== undefined && pid !== process.pid && !alive(pid);
}

function removeIn(dir, patterns, now) {
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return []; // no cache yet
  }
  const removed = [];
  for (const name of names) {
    const match = patterns.map((pattern) => pattern.exec(name)).find(Boolean);
    if (!match) continue;
    const path = join(dir, name);
    if (!stale(path, match[1] === undefined ? undefined : Number(match[1]), now)) continue;
    rmSync(path, { recursive: true, force: true });
    removed.push(path);
  }
  return removed;
}

/** Removes stale staging folders from cacheDir and tempDir; returns their paths. */
export function removeStaleStaging({ cacheDir, tempDir, now = Date.now() }) {
  return [...removeIn(cacheDir, IN_CACHE, now), ...removeIn(tempDir, IN_TEMP, now)];
}
