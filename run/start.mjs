// `npm start` runs this: run/all-in-one.ts precompiled. tsx compiles each TypeScript file on
// import and routes every import through its loader; that costs about a second of a 3 s start.
// Here esbuild bundles the server's own code (packages stay plain imports from node_modules) once
// per change of the sources into node_modules/.cache/hub, and later starts import that file.
// Without esbuild, or when the bundle cannot be made, it runs through tsx as before.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = join(root, 'run', 'all-in-one.ts');
const cacheDir = join(root, 'node_modules', '.cache', 'hub');
// Everything all-in-one.ts can import; tests and web/ are never part of it.
const SOURCE_DIRS = ['domain', 'commands', 'infra', 'api', 'projections', 'workers', 'run'];
// Bumped when the build options below change.
const FORMAT = '1';

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
  const files = SOURCE_DIRS.map((dir) => join(root, dir)).filter(existsSync).flatMap(sourceFiles).sort();
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

async function bundle(outfile) {
  const { build } = await import('esbuild');
  const { outputFiles } = await build({
    entryPoints: [entry],
    outfile,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'silent',
    plugins: [keepImportMetaUrl],
  });
  // The map first, then the code renamed into place: a concurrent start never imports half a file.
  for (const file of [...outputFiles].sort((a, b) => Number(a.path.endsWith('.mjs')) - Number(b.path.endsWith('.mjs')))) {
    const staging = `${file.path}.${process.pid}.tmp`;
    await writeFile(staging, file.contents);
    await rename(staging, file.path);
  }
  const current = new Set(outputFiles.map((file) => relative(cacheDir, file.path)));
  for (const name of await readdir(cacheDir)) {
    if (/^all-in-one-[0-9a-f]{16}\.mjs(\.map)?$/.test(name) && !current.has(name)) await rm(join(cacheDir, name), { force: true });
  }
}

async function precompiled() {
  const outfile = join(cacheDir, `all-in-one-${sourcesKey()}.mjs`);
  if (existsSync(outfile)) return outfile;
  try {
    await mkdir(cacheDir, { recursive: true, mode: 0o700 });
    await bundle(outfile);
    return outfile;
  } catch {
    return null; // tsx below reports any real error in the sources, as it always did
  }
}

const compiled = await precompiled();
if (compiled) {
  // Stack traces name the bundle (readable: not minified). NODE_OPTIONS=--enable-source-maps
  // makes them name the TypeScript sources, at the price of parsing every package's source map.
  await import(pathToFileURL(compiled).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(entry).href);
}
