import { describe, expect, it } from 'vitest';
import { errorReporter } from './error-reporter.js';

describe('errorReporter', () => {
  it('writes one line per error and says a repeated one once per quiet period, with the count', () => {
    const lines: string[] = [];
    const report = errorReporter('[projection hubs]', (line) => lines.push(line), 60_000);
    const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    for (let i = 0; i < 50; i++) report(down);
    report(new Error('terminating connection'));
    expect(lines).toEqual([
      '[projection hubs] connect ECONNREFUSED 127.0.0.1:5432 (ECONNREFUSED)',
      '[projection hubs] (the previous error repeated 49×)',
      '[projection hubs] terminating connection',
    ]);
  });
});
