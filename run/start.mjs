// `npm start` runs this: run/all-in-one.ts precompiled. tsx compiles each TypeScript file on
// import and routes every import through its loader; that costs about a second of a 3 s start.
// Here esbuild bundles the server's own code (packages stay plain imports from node_modules) once
// per change of the sources into node_modules/.cache/hub, and later starts import that build.
// Without esbuild, or when the bundle cannot be made, it runs through tsx as before. It also
// does what `prestart` did (ensure-build.mjs), without a shell and a second Node process.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { removeStaleStaging } from './stale-staging.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = join(root, 'run', 'all-in-one.ts');
const cacheDir = join(root, 'node_modules', '.cache', 'hub');
// Everything all-in-one.ts can import; tests and web/ are never part of it.
const SOURCE_DIRS = ['domain', 'commands', 'infra', 'api', 'projections', 'workers', 'run'];
// Bumped when the build options below change.
const FORMAT = '2';
const ENTRY_FILE = 'all-in-one.mjs';

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const path = join(dir, item.name);
    if (item.isDirectory()) return sourceFiles(path);
    return item.name.endsWith('.ts') && !item.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** A hash of every server source (paths and contents): a changed file means a new bundle. */
function sourcesKey() {
  const hash = createHash('sha256').update(`${FORMAT}\n${process.version}\n`);
  const files = SOURCE_DIRS.map((dir) => join(root, dir))
    .filter(existsSync)
    .flatMap(sourceFiles)
    .sort();
  for (const file of files) hash.update(`${relative(root, file)}\n`).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** import.meta.url keeps naming each source file, so paths relative to it (migrations) still work. */
const keepImportMetaUrl = {
  name: 'keep-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

/**
 * Builds into a staging folder renamed into place, so a concurrent start never imports half a
 * build. Code splitting keeps all-in-one.ts's dynamic imports lazy: the packages they need load
 * while PGlite boots instead of before.
 */
async function bundle(outdir) {
  const { build } = await import('esbuild');
  const staging = `${outdir}.${process.pid}.tmp`;
  await rm(staging, { recursive: true, force: true });
  await build({
    entryPoints: [entry],
    outdir: staging,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'silent',
    plugins: [keepImportMetaUrl],
  });
  try {
    await rename(staging, outdir);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (!existsSync(join(outdir, ENTRY_FILE))) throw error; // else another start built it first
  }
  for (const name of await readdir(cacheDir)) {
    if (/^server-[0-9a-f]{16}$/.test(name) && join(cacheDir, name) !== outdir) await rm(join(cacheDir, name), { recursive: true, force: true });
  }
}

/** The precompiled entry, built now if the sources changed; null when it cannot be built. */
async function precompiled(key) {
  const outdir = join(cacheDir, `server-${key}`);
  if (!existsSync(join(outdir, ENTRY_FILE))) {
    try {
      await mkdir(cacheDir, { recursive: true, mode: 0o700 });
      await bundle(outdir);
    } catch {
      return null; // tsx below reports any real error in the sources, as it always did
    }
  }
  return join(outdir, ENTRY_FILE);
}

for (const path of removeStaleStaging({ cacheDir, tempDir: tmpdir() })) console.log(`[hub] removed what an interrupted start left: ${path}`);

// The web app is built when missing or stale (a fresh clone serves the UI), in this process.
await import('../web/scripts/ensure-build.mjs');

// The server keeps its embedded database template per version of these sources too (run/demo-template.ts).
const key = sourcesKey();
process.env.HUB_SOURCES_KEY = key;
const compiled = await precompiled(key);
if (compiled) {
  // Stack traces name the bundle (readable: not minified). NODE_OPTIONS=--enable-source-maps
  // makes them name the TypeScript sources, at the price of parsing every package's source map.
  await import(pathToFileURL(compiled).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(entry).href);
}
