// `npm run test:unit` runs the fast tests: the specs beside the code and the web's pure helpers,
// with no database, no Redis and no browser. It runs here with DATABASE_URL and REDIS_URL pointing
// at closed ports, so a spec that secretly needs PostgreSQL or Redis fails this test (and belongs
// in the integration project, vitest.config.ts).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** A port nothing listens on: taken from the system, then let go. */
const closedPort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

interface JsonReport {
  success: boolean;
  numTotalTests: number;
  numFailedTests: number;
  testResults: { name: string; status: string }[];
}

function runUnitScript(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'test:unit', '--', '--reporter=json'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('issue 24 item 21: npm run test:unit', () => {
  it('runs the specs beside the code and tests/web, all passing, with no database or Redis reachable', { timeout: 240_000 }, async () => {
    // This run's own Vitest variables would make the child think it is a worker of this run.
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'TEST'));
    const [pgPort, redisPort] = [await closedPort(), await closedPort()];
    const run = await runUnitScript({
      ...env,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/nowhere`,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    });
    expect(run.stderr).not.toMatch(/No projects matched/);
    const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as JsonReport;
    const files = report.testResults.map((r) => relative(root, r.name));
    expect(report.testResults.filter((r) => r.status !== 'passed')).toEqual([]);
    expect(report.success).toBe(true);
    expect(run.code, run.stderr.slice(-3000)).toBe(0);
    // The fast tests only: nothing of tests/ but the web's helpers and the lint rules' fixtures.
    expect(files.filter((f) => f.startsWith('tests/') && !f.startsWith('tests/web/') && !f.startsWith('tests/lint/'))).toEqual([]);
    for (const folder of ['domain/', 'commands/', 'api/', 'infra/', 'projections/', 'tests/web/']) {
      expect(
        files.some((f) => f.startsWith(folder)),
        folder,
      ).toBe(true);
    }
    expect(report.numTotalTests).toBeGreaterThan(100);
  });
});
