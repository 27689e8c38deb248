// Run by `npm start` (imported by run/start.mjs) and by the browser tests: builds the web app when
// web/dist is missing or older than its sources, so a fresh clone serves the UI and a second
// start does not rebuild for nothing.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('..', import.meta.url));
const built = join(web, 'dist', 'index.html');

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'scripts'].map((p) => join(web, p)).filter(existsSync);
const stale = !existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
if (stale) {
  console.log('[hub] building the web app (web/dist)…');
  execFileSync(
    process.execPath,
    [join(web, '..', 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', join(web, 'vite.config.ts'), '--logLevel', 'warn'],
    {
      stdio: 'inherit',
      // A production build whatever the caller's NODE_ENV (tests run with 'test').
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
}
