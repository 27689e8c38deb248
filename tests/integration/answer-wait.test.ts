// Issue 24 item 12: an API answer waits for the read models at most ANSWER_WAIT_MS, and not at
// all while a projector it waits for is known to be stalled (it let a wait run out and has not
// moved since); once the projector moves again, answers wait for it again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../infra/db/pool.js';
import { waitForCheckpoints } from '../../projections/checkpoint-wait.js';
import { ANSWER_WAIT_MS, waitToAnswer } from '../../projections/projection-waits.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

const at = (seq: number) => ({ tx: 1n, seq: BigInt(seq) });

describe('issue 24 item 12: the answer wait gives up on a stalled projector', () => {
  let database: TestDatabase;
  let pool: ReturnType<typeof createPool>;
  const names = ['test_ahead', 'test_stalled'];
  const move = (name: string, seq: number) =>
    pool.query('INSERT INTO projection_checkpoints (name, tx, seq, updated_at) VALUES ($1, 1, $2, now()) ON CONFLICT (name) DO UPDATE SET seq = $2', [
      name,
      seq,
    ]);
  const timed = async (seq: number) => {
    const started = performance.now();
    const passed = await waitToAnswer(pool, names, at(seq));
    return { passed, ms: performance.now() - started };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = createPool(database.url, { max: 4 });
    await move('test_ahead', 100);
    await move('test_stalled', 10);
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  it('waits its bound once, then only looks, and waits again once the projector moves', async () => {
    expect(await timed(5)).toMatchObject({ passed: true });
    const first = await timed(20);
    expect(first.passed).toBe(false);
    expect(first.ms).toBeGreaterThanOrEqual(ANSWER_WAIT_MS - 5);
    expect(first.ms).toBeLessThan(ANSWER_WAIT_MS + 1_000);
    // Known stalled: the next answers look once and go, even under a far longer bound.
    expect((await timed(21)).passed).toBe(false);
    const started = performance.now();
    expect(await waitForCheckpoints(pool, names, at(22), 10_000, { giveUpWhenStalled: true })).toBe(false);
    expect(performance.now() - started).toBeLessThan(3_000);
    // It moves (a new leader, say): it is no longer known stalled, and an answer waits its bound again.
    await move('test_stalled', 15);
    const again = await timed(30);
    expect(again.passed).toBe(false);
    expect(again.ms).toBeGreaterThanOrEqual(ANSWER_WAIT_MS - 5);
  });
});
