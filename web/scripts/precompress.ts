// A Vite plugin that writes brotli (.br) and gzip (.gz) twins beside every compressible file of
// the build, so the server sends ~200 KB instead of ~630 KB of JS without compressing per request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm)$/i;
// Below this, compression saves less than the headers it costs.
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]))),
  );
  return nested.flat();
}

async function compressFile(file: string): Promise<void> {
  const source = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    }),
    gz(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A twin that is not smaller would only cost bytes: the original is served instead.
  if (br.length < source.length) await writeFile(`${file}.br`, br);
  if (gzipped.length < source.length) await writeFile(`${file}.gz`, gzipped);
}

/** Precompresses the output directory once the bundle is written. */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'hub:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      // outDir may be relative to the app's root (web/), not to the process's working folder.
      const outDir = resolve(config.root, config.build.outDir);
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      const sized = await Promise.all(files.map(async (file) => ({ file, size: (await stat(file)).size })));
      await Promise.all(sized.filter(({ size }) => size >= MIN_BYTES).map(({ file }) => compressFile(file)));
    },
  };
}
