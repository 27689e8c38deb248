import dockerignore from '@balena/dockerignore';
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { copyParts, execForm, filesUnder, localImports, parseDockerfile, type Stage } from '../support/dockerfile.js';

// What can be checked of the containers without a Docker engine (there is none here): the
// Dockerfile against its build context, and docker-compose.yml both as data and through
// `docker-compose config` (Debian's docker-compose parses and validates without an engine;
// .ci/check-containers installs it, so in CI that part always runs).
const root = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const dockerfile = parseDockerfile(read('Dockerfile'));
const ignored = dockerignore().add(read('.dockerignore').split('\n'));
const runtime = dockerfile.stages.at(-1)!;
const packageScripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

/** Where the runtime stage's files come from: context paths it copies (not stage outputs). */
function copiedIntoRuntime(stage: Stage): string[] {
  return stage.instructions
    .filter((i) => i.keyword === 'COPY')
    .map((i) => copyParts(i.args))
    .filter((copy) => copy.from === undefined)
    .flatMap((copy) => copy.sources);
}
const inRuntime = (file: string) => !ignored.ignores(file) && copiedIntoRuntime(runtime).some((source) => file === source || file.startsWith(`${source}/`));

/** Context paths a stage copies (not other stages' outputs), including those of the stages it builds on. */
function copiedInto(stage: Stage): string[] {
  const parent = dockerfile.stages.find((s) => s.name === stage.from);
  return [...(parent ? copiedInto(parent) : []), ...copiedIntoRuntime(stage)];
}

/** The processes the image runs: its CMD and every compose command. */
function composeFile(path = 'docker-compose.yml') {
  return parse(read(path), { merge: true }) as {
    services: Record<
      string,
      {
        command?: string[];
        build?: string;
        image?: string;
        restart?: string;
        ports?: string[];
        deploy?: { replicas?: number };
        depends_on?: Record<string, { condition: string }>;
        healthcheck?: { disable?: boolean; test?: string[] };
        environment?: Record<string, string>;
      }
    >;
  };
}
const appServices = () => Object.entries(composeFile().services).filter(([, service]) => service.build === '.');
const entryOf = (argv: string[]) => (argv[0] === 'npm' ? undefined : argv.find((word) => /\.(ts|mjs)$/.test(word)));

function binary(name: string): string | null {
  try {
    return (
      execFileSync('sh', ['-c', `command -v ${name}`])
        .toString()
        .trim() || null
    );
  } catch {
    return null;
  }
}

const requiredEnv = { JWT_SECRET: 'j'.repeat(40), CODE_SECRET: 'c'.repeat(40), POSTGRES_PASSWORD: 'hubpassword', S3_SECRET_ACCESS_KEY: 'bucketsecret' };

describe('Dockerfile', () => {
  it('builds on Node 24 in every stage and runs as the unprivileged node user with a health check', () => {
    const base = dockerfile.args.get('NODE_IMAGE') ?? '';
    expect(base).toMatch(/^node:24(-|$)/);
    const stageNames = new Set(dockerfile.stages.map((stage) => stage.name));
    for (const stage of dockerfile.stages) expect(stage.from === '${NODE_IMAGE}' || stageNames.has(stage.from), stage.from).toBe(true);
    const users = runtime.instructions.filter((i) => i.keyword === 'USER');
    expect(users.at(-1)?.args).toBe('node');
    const health = runtime.instructions.find((i) => i.keyword === 'HEALTHCHECK')!;
    expect(health.args).toMatch(/CMD \["node", "run\/healthcheck\.mjs"\]/);
    expect(inRuntime('run/healthcheck.mjs')).toBe(true);
  });

  it('copies only what exists in the build context and is not left out by .dockerignore', () => {
    for (const stage of dockerfile.stages) {
      for (const copy of stage.instructions.filter((i) => i.keyword === 'COPY').map((i) => copyParts(i.args))) {
        if (copy.from) {
          expect(
            dockerfile.stages.some((s) => s.name === copy.from),
            `COPY --from=${copy.from}`,
          ).toBe(true);
          continue;
        }
        for (const source of copy.sources) {
          expect(existsSync(join(root, source)), `${source} exists`).toBe(true);
          expect(ignored.ignores(source), `${source} is not in .dockerignore`).toBe(false);
          const kept = filesUnder(root, source).filter((file) => !ignored.ignores(file));
          expect(kept.length, `${source} brings files`).toBeGreaterThan(0);
        }
      }
    }
    // This machine's installs, data and tests never go into the context.
    for (const path of ['node_modules', '.data', 'web/dist', '.git', 'tests', 'infra/wait-for.test.ts']) expect(ignored.ignores(path), path).toBe(true);
    // The migrations ship (the migrate step and every role apply them).
    for (const file of filesUnder(root, 'infra/db/migrations')) expect(inRuntime(file), file).toBe(true);
  });

  it('holds every file each process and the web build import, and the npm scripts the build runs', () => {
    const entries = [execForm(runtime.instructions.filter((i) => i.keyword === 'CMD').at(-1)!.args), ...appServices().map(([, s]) => s.command!)].map(
      (argv) => entryOf(argv) ?? argv,
    );
    expect(entries.length).toBeGreaterThanOrEqual(5);
    for (const entry of entries) {
      if (Array.isArray(entry)) {
        expect(entry.slice(0, 2)).toEqual(['npm', 'run']);
        expect(packageScripts[entry[2]!], `npm run ${entry[2]}`).toBeDefined();
        continue;
      }
      for (const file of localImports(root, entry)) expect(inRuntime(file), `${entry} imports ${file}, which the image must hold`).toBe(true);
    }
    // The web build (Vite) reads the app's sources and what they import from the server's folders.
    const build = dockerfile.stages.find((stage) => stage.name === 'build')!;
    const inBuild = (file: string) => !ignored.ignores(file) && copiedInto(build).some((source) => file === source || file.startsWith(`${source}/`));
    const webFiles = localImports(root, 'web/src/main.tsx', { '@/': 'web/src/', '@contract/': 'contract/' });
    expect(webFiles.size).toBeGreaterThan(100);
    for (const file of [...webFiles, 'web/index.html', 'web/vite.config.ts']) expect(inBuild(file), `the web build needs ${file}`).toBe(true);
    for (const i of dockerfile.stages.flatMap((stage) => stage.instructions).filter((i) => i.keyword === 'RUN')) {
      for (const [, script] of i.args.matchAll(/npm run (\S+)/g)) expect(packageScripts[script!], `npm run ${script}`).toBeDefined();
    }
  });
});

describe('run/healthcheck.mjs (the image HEALTHCHECK)', () => {
  it('exits 0 only when /api/health/ready answers 200, on HEALTH_PORT when set, else PORT', async () => {
    let status = 200;
    const asked: string[] = [];
    const server = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.writeHead(status).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = String((server.address() as AddressInfo).port);
    const check = (env: Record<string, string>) =>
      run(process.execPath, ['run/healthcheck.mjs'], { cwd: root, env: { PATH: process.env.PATH, ...env } }).then(
        () => 0,
        (error: { code: number }) => error.code,
      );
    try {
      expect(await check({ PORT: port })).toBe(0);
      expect(await check({ HEALTH_PORT: port, PORT: '1' })).toBe(0);
      status = 503;
      expect(await check({ PORT: port })).toBe(1);
      server.close();
      expect(await check({ PORT: port })).toBe(1);
    } finally {
      server.close();
    }
    expect(asked).toEqual(['/api/health/ready', '/api/health/ready', '/api/health/ready']);
  });
});

describe('docker-compose.yml', () => {
  it('publishes the proxy only, runs the replicas, restarts what serves and starts after migrate and healthy servers', () => {
    const { services } = composeFile();
    const published = Object.entries(services).filter(([, service]) => service.ports?.length);
    expect(published.map(([name]) => name)).toEqual(['proxy']);
    expect(Object.fromEntries(appServices().map(([name, s]) => [name, s.deploy?.replicas ?? 1]))).toEqual({ migrate: 1, api: 2, projections: 3, workers: 2 });
    for (const [name, service] of Object.entries(services)) {
      const oneShot = name === 'migrate' || name === 'minio-bucket';
      expect(service.restart, name).toBe(oneShot ? 'no' : 'unless-stopped');
    }
    for (const name of ['postgres', 'redis', 'mailpit', 'minio']) expect(services[name]!.healthcheck?.test, name).toBeDefined();
    for (const name of ['api', 'projections', 'workers']) {
      expect(services[name]!.depends_on).toMatchObject({
        migrate: { condition: 'service_completed_successfully' },
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
    }
    // The image's HEALTHCHECK asks HEALTH_PORT when set: only the roles that serve health there have it.
    expect(services.api!.environment!.HEALTH_PORT).toBeUndefined();
    expect(services.projections!.environment!.HEALTH_PORT).toBe('8081');
    expect(services.workers!.environment!.HEALTH_PORT).toBe('8081');
    expect(services.api!.environment!.SEED_DEMO).toBe('${SEED_DEMO:-0}');
    expect(services.api!.environment!.SMTP_URL).toContain('mailpit:1025');
    expect(services.api!.environment!.S3_ENDPOINT).toBe('http://minio:9000');
  });

  it('passes docker-compose config (with and without the debug overlay) and refuses to start without its secrets', async (context) => {
    const compose = binary('docker-compose');
    if (!compose) {
      // Only a developer's machine may lack it; CI installs it (.ci/check-containers).
      expect(process.env.CI, 'docker-compose must be installed in CI').toBeFalsy();
      await context.annotate('docker-compose is not installed: `docker-compose config` not run');
      return;
    }
    const env = { PATH: process.env.PATH, HOME: process.env.HOME };
    const config = await run(compose, ['-f', 'docker-compose.yml', 'config'], { cwd: root, env: { ...env, ...requiredEnv } });
    const services = (parse(config.stdout) as { services: Record<string, { ports?: unknown[] }> }).services;
    expect(Object.keys(services).sort()).toEqual([
      'api',
      'mailpit',
      'migrate',
      'minio',
      'minio-bucket',
      'postgres',
      'projections',
      'proxy',
      'redis',
      'workers',
    ]);
    expect(Object.entries(services).filter(([, s]) => s.ports)).toHaveLength(1);
    await run(compose, ['-f', 'docker-compose.yml', '-f', 'docker-compose.debug.yml', 'config', '-q'], { cwd: root, env: { ...env, ...requiredEnv } });
    const missing = await run(compose, ['-f', 'docker-compose.yml', 'config', '-q'], { cwd: root, env }).catch((error: { stderr: string }) => error);
    expect('stderr' in missing ? missing.stderr : '').toMatch(/set (JWT_SECRET|CODE_SECRET|POSTGRES_PASSWORD|S3_SECRET_ACCESS_KEY)/);
  });

  it("the proxy's Caddyfile is valid (when caddy is installed) and reaches the API and the bucket", async () => {
    const caddyfile = read('deploy/Caddyfile');
    expect(caddyfile).toMatch(/dynamic a api 3000/);
    expect(caddyfile).toMatch(/reverse_proxy minio:9000/);
    expect(composeFile().services.api!.environment!.S3_PUBLIC_URL).toMatch(/\/hub-files$/);
    const caddy = binary('caddy');
    if (!caddy) return;
    const { stdout, stderr } = await run(caddy, ['validate', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], { cwd: root });
    expect(`${stdout}${stderr}`).toContain('Valid configuration');
  });
});
