// Reads a Dockerfile the way the static container checks need it (tests/integration/containers.test.ts):
// its instructions per stage, with line continuations joined and comments dropped. No engine here,
// so what `docker build` would find wrong in the build context is checked from this.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

export interface Instruction {
  keyword: string;
  args: string;
}

export interface Stage {
  /** The FROM's image as written (ARGs not expanded). */
  from: string;
  name?: string;
  instructions: Instruction[];
}

export function parseDockerfile(text: string): { args: Map<string, string>; stages: Stage[] } {
  const logical = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const args = new Map<string, string>();
  const stages: Stage[] = [];
  for (const line of logical) {
    const [, keyword = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const upper = keyword.toUpperCase();
    if (upper === 'FROM') {
      const [from = '', as, name] = rest.split(/\s+/);
      stages.push({ from, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else if (upper === 'ARG' && stages.length === 0) {
      const [key = '', value = ''] = rest.split('=');
      args.set(key, value);
    } else stages.at(-1)?.instructions.push({ keyword: upper, args: rest });
  }
  return { args, stages };
}

/** A COPY's sources and destination, and its --from stage if any (JSON or shell form). */
export function copyParts(args: string): { from?: string; sources: string[]; dest: string } {
  const words = args.startsWith('[') ? (JSON.parse(args) as string[]) : args.split(/\s+/);
  const flags = words.filter((word) => word.startsWith('--'));
  const paths = words.filter((word) => !word.startsWith('--'));
  const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length);
  return { from, sources: paths.slice(0, -1), dest: paths.at(-1) ?? '' };
}

/** The argv of an exec-form CMD/command (a JSON array). */
export function execForm(args: string): string[] {
  return JSON.parse(args) as string[];
}

/** Every file under a folder, as paths relative to `root`. */
export function filesUnder(root: string, path: string): string[] {
  const full = join(root, path);
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full).flatMap((name) => (name === 'node_modules' ? [] : filesUnder(root, join(path, name))));
}

const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/**
 * The repository files an entry point loads through relative or aliased imports (transitively;
 * packages are left out): what an image stage must contain for that process or build to work.
 * `aliases` maps a prefix to a folder, as Vite's resolve.alias does ('@/' → 'web/src/').
 */
export function localImports(root: string, entry: string, aliases: Record<string, string> = {}): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!/\.(ts|tsx|mjs|js)$/.test(file)) return;
    const source = readFileSync(join(root, file), 'utf8');
    for (const match of source.matchAll(IMPORT)) {
      const written = match[1]!;
      const alias = Object.keys(aliases).find((prefix) => written.startsWith(prefix));
      if (!alias && !written.startsWith('./') && !written.startsWith('../')) continue;
      const spec = alias ? normalize(aliases[alias]! + written.slice(alias.length)) : normalize(join(dirname(file), written));
      const candidates = [spec, spec.replace(/\.js$/, '.ts'), `${spec}.ts`, `${spec}.tsx`, join(spec, 'index.ts'), join(spec, 'index.tsx')];
      const found = candidates.find((candidate) => existsSync(join(root, candidate)) && statSync(join(root, candidate)).isFile());
      visit(found ?? spec);
    }
  };
  visit(entry);
  return seen;
}
