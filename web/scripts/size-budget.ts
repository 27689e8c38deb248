// The first-load JavaScript budget of the home page (/): what a first visit downloads. That is
// the entry chunk, everything index.html modulepreloads, the chunks / requests at once (the home
// page, lazy but requested by the router on the first render, and the Google map when a Maps key
// is set) and, recursively, every chunk those import statically. Sizes are gzip at level 9, as
// the server sends them (precompress.ts).
import { readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** 200 KB of gzip (KB = 1024 bytes). */
export const FIRST_LOAD_BUDGET_BYTES = 200 * 1024;

/**
 * The modules / requests at once, as Vite's manifest names them (relative to web/): the home page,
 * and the Google map, which a deployment with a Maps key loads on the first visit too.
 */
export const HOME_ROUTE_MODULES = ['src/features/hubs/pages/home-page.tsx', 'src/features/hubs/components/home/google-map.tsx'];

/** Where Vite writes the manifest with `build.manifest: true`. */
export const MANIFEST_PATH = join('.vite', 'manifest.json');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface FirstLoadFile {
  file: string;
  gzipBytes: number;
}

export interface FirstLoad {
  gzipBytes: number;
  budgetBytes: number;
  files: FirstLoadFile[];
}

const gz = promisify(gzip);

/** Every JS file index.html loads or modulepreloads, as paths relative to the dist folder. */
export function scriptsOfIndexHtml(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/gi) ?? []) {
    const isScript = /^<script\b/i.test(tag) && /\btype=["']?module\b/i.test(tag);
    const isPreload = /^<link\b/i.test(tag) && /\brel=["']?modulepreload\b/i.test(tag);
    const url = /\b(?:src|href)=["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if ((isScript || isPreload) && url && url.endsWith('.js')) found.push(url.replace(/^\//, ''));
  }
  return found;
}

/** The manifest keys reachable from `keys` through static imports (dynamic imports excluded). */
function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`size budget: ${key} is not in the Vite manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen];
}

export interface BudgetOptions {
  budgetBytes?: number;
  routeModules?: string[];
}

/** Measures the first-load JS of / in a built dist folder (needs `build.manifest: true`). */
export async function measureFirstLoad(distDir: string, options: BudgetOptions = {}): Promise<FirstLoad> {
  const { budgetBytes = FIRST_LOAD_BUDGET_BYTES, routeModules = HOME_ROUTE_MODULES } = options;
  const [html, manifestText] = await Promise.all([readFile(join(distDir, 'index.html'), 'utf8'), readFile(join(distDir, MANIFEST_PATH), 'utf8')]);
  const manifest = JSON.parse(manifestText) as Manifest;
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const fromManifest = staticClosure(manifest, [...entries, ...routeModules]).map((key) => manifest[key]!.file);
  const files = [...new Set([...scriptsOfIndexHtml(html), ...fromManifest])].filter((file) => file.endsWith('.js')).sort();
  const sized = await Promise.all(
    files.map(async (file) => ({ file, gzipBytes: (await gz(await readFile(join(distDir, file)), { level: constants.Z_BEST_COMPRESSION })).length })),
  );
  return { gzipBytes: sized.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0), budgetBytes, files: sized };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A readable table of the measurement, largest file first. */
export function describeFirstLoad(load: FirstLoad): string {
  const rows = [...load.files].sort((a, b) => b.gzipBytes - a.gzipBytes).map(({ file, gzipBytes }) => `  ${kb(gzipBytes).padStart(9)}  ${file}`);
  return [`first-load JS of /: ${kb(load.gzipBytes)} gzip (budget ${kb(load.budgetBytes)})`, ...rows].join('\n');
}

/** Throws when the first-load JS of / is over budget; returns the measurement otherwise. */
export async function checkFirstLoadBudget(distDir: string, options: BudgetOptions = {}): Promise<FirstLoad> {
  const load = await measureFirstLoad(distDir, options);
  if (load.gzipBytes > load.budgetBytes) throw new Error(`size budget exceeded\n${describeFirstLoad(load)}`);
  return load;
}

/** Fails `vite build` when the first-load JS of / is over budget. */
export function sizeBudget(options: BudgetOptions = {}): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'hub:size-budget',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      try {
        const load = await checkFirstLoadBudget(outDir, options);
        config.logger.info(describeFirstLoad(load).split('\n')[0]!);
      } catch (error) {
        // A failed build must not look built: ensure-build.mjs would serve it on the next start.
        await rm(join(outDir, 'index.html'), { force: true });
        throw error;
      }
    },
  };
}
