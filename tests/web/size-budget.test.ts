// The first-load budget of / (web/scripts/size-budget.ts) on a fake dist folder and on a tiny real
// Vite build: what counts, what does not, and that going over the budget fails.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { checkFirstLoadBudget, measureFirstLoad, scriptsOfIndexHtml, sizeBudget } from '../../web/scripts/size-budget.js';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'hub-size-budget-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

// Random bytes barely compress, so each file's gzip size is known to within its header.
const sizes = { entry: 4000, vendor: 3000, home: 2000, shared: 1000, checkout: 5000, preloadOnly: 500 };
type Name = keyof typeof sizes;
const fileOf = (name: Name) => `assets/${name}-abc123.js`;

/** A dist folder: index.html loads the entry and modulepreloads vendor and preloadOnly. */
async function fakeDist(): Promise<{ dir: string; gzip: Record<Name, number> }> {
  const dir = await tempDir();
  await mkdir(join(dir, 'assets'), { recursive: true });
  await mkdir(join(dir, '.vite'), { recursive: true });
  const gzip = {} as Record<Name, number>;
  for (const [name, size] of Object.entries(sizes) as [Name, number][]) {
    const body = randomBytes(size);
    gzip[name] = gzipSync(body, { level: 9 }).length;
    await writeFile(join(dir, fileOf(name)), body);
  }
  await writeFile(join(dir, 'assets', 'index-abc123.css'), 'body{}'.repeat(1000));
  await writeFile(
    join(dir, 'index.html'),
    `<!doctype html><html><head>
      <script type="module" crossorigin src="/${fileOf('entry')}"></script>
      <link rel="modulepreload" crossorigin href="/${fileOf('vendor')}">
      <link rel="modulepreload" crossorigin href="/${fileOf('preloadOnly')}">
      <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">
    </head><body></body></html>`,
  );
  const manifest = {
    'src/main.tsx': {
      file: fileOf('entry'),
      isEntry: true,
      imports: ['_vendor.js'],
      dynamicImports: ['src/home.tsx', 'src/checkout.tsx'],
      css: ['assets/index-abc123.css'],
    },
    '_vendor.js': { file: fileOf('vendor') },
    '_shared.js': { file: fileOf('shared'), imports: ['_vendor.js'] },
    'src/home.tsx': { file: fileOf('home'), isDynamicEntry: true, imports: ['_shared.js', '_vendor.js'], dynamicImports: ['src/checkout.tsx'] },
    'src/checkout.tsx': { file: fileOf('checkout'), isDynamicEntry: true, imports: ['_shared.js'] },
  };
  await writeFile(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return { dir, gzip };
}

describe('first-load budget of /', () => {
  it('counts the entry, its preloads and the home route with its static imports, not lazy pages', async () => {
    const { dir, gzip } = await fakeDist();
    const load = await measureFirstLoad(dir, { routeModules: ['src/home.tsx'] });

    const counted: Name[] = ['entry', 'vendor', 'preloadOnly', 'home', 'shared'];
    expect(load.files.map((f) => f.file).sort()).toEqual(counted.map(fileOf).sort());
    expect(load.gzipBytes).toBe(counted.reduce((sum, name) => sum + gzip[name], 0));
    expect(load.files.find((f) => f.file === fileOf('home'))?.gzipBytes).toBe(gzip.home);
  });

  it('passes under the budget and throws, naming the files, over it', async () => {
    const { dir } = await fakeDist();
    const { gzipBytes } = await measureFirstLoad(dir, { routeModules: ['src/home.tsx'] });

    await expect(checkFirstLoadBudget(dir, { routeModules: ['src/home.tsx'], budgetBytes: gzipBytes })).resolves.toMatchObject({ gzipBytes });
    await expect(checkFirstLoadBudget(dir, { routeModules: ['src/home.tsx'], budgetBytes: gzipBytes - 1 })).rejects.toThrow(
      /size budget exceeded[\s\S]*home-abc123\.js/,
    );
  });

  it('refuses a route module the manifest does not know (a renamed page must not pass silently)', async () => {
    const { dir } = await fakeDist();
    await expect(measureFirstLoad(dir, { routeModules: ['src/renamed.tsx'] })).rejects.toThrow(/src\/renamed\.tsx/);
  });

  it('reads module scripts and modulepreloads from index.html, nothing else', () => {
    const html = `<script type="module" src="/assets/a.js"></script><script src="/legacy.js"></script>
      <link rel="modulepreload" href="/assets/b.js"><link rel="preload" href="/assets/font.woff2"><link rel="stylesheet" href="/assets/c.css">`;
    expect(scriptsOfIndexHtml(html)).toEqual(['assets/a.js', 'assets/b.js']);
  });

  it('fails a real vite build over the budget and leaves no index.html behind', async () => {
    const root = await tempDir();
    await writeFile(join(root, 'index.html'), '<!doctype html><html><body><script type="module" src="/main.js"></script></body></html>');
    // Random text so the chunk stays around 6 KB after gzip.
    await writeFile(join(root, 'main.js'), `document.body.textContent = ${JSON.stringify(randomBytes(4500).toString('base64'))};\nimport('./page.js');\n`);
    await writeFile(join(root, 'page.js'), 'export default 1;\n');
    const config = (budgetBytes: number) => ({
      root,
      logLevel: 'silent' as const,
      configFile: false as const,
      plugins: [sizeBudget({ budgetBytes, routeModules: ['page.js'] })],
      build: { outDir: 'dist', manifest: true },
    });

    await expect(build(config(2 * 1024))).rejects.toThrow(/size budget exceeded/);
    expect(existsSync(join(root, 'dist', 'index.html'))).toBe(false);

    await build(config(200 * 1024));
    expect(existsSync(join(root, 'dist', 'index.html'))).toBe(true);
  });
});
