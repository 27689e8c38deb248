import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ControllerEventInput } from '../contract/controller/controller-sync.js';

// What the controller has to tell Hub, in order, kept on disk (JSON lines) until Hub acknowledges
// it: door states and attempts decided offline survive a restart and a long outage. Only what an
// upload's 200 acknowledged is removed (the first n lines, rewritten atomically).

export function createOutbox(dir: string) {
  const file = join(dir, 'outbox.jsonl');
  const read = (): ControllerEventInput[] =>
    existsSync(file)
      ? readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => JSON.parse(line) as ControllerEventInput)
      : [];
  return {
    add(event: ControllerEventInput) {
      appendFileSync(file, `${JSON.stringify(event)}\n`);
    },
    peek: (max: number) => read().slice(0, max),
    size: () => read().length,
    /** Removes the first n events (those Hub acknowledged). */
    drop(n: number) {
      const rest = read().slice(n);
      const tmp = `${file}.tmp`;
      writeFileSync(tmp, rest.map((e) => `${JSON.stringify(e)}\n`).join(''));
      renameSync(tmp, file);
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
