// The runner moves a projector's checkpoint past a batch it has nothing to do in (one round
// trip, no rows touched), and still applies a batch that holds one event it accepts. A batch that
// fails does not leave its connection thinking it prepared statements it never did.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import { START } from '../../infra/eventstore/port.js';
import { hubsProjector } from '../../projections/hubs/hubs-projector.js';
import type { Projector } from '../../projections/projector.js';
import { applyBatch, CheckpointMovedError, readCheckpoint } from '../../projections/runner.js';
import type { TestDatabase } from '../support/database.js';
import { createTestDatabase } from '../support/database.js';
import { registerHub } from '../support/test-app.js';

const meta = { actor: { id: 'test', role: 'system' }, correlationId: randomUUID(), causationId: null, at: new Date().toISOString() };

describe('projection runner', () => {
  let database: TestDatabase;
  let pool: ReturnType<typeof createPool>;
  let store: EventStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = createPool(database.url, { max: 4 });
    store = createPostgresEventStore(pool);
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await database.drop();
  });

  it('moves the checkpoint past events the projector ignores, and applies the ones it accepts', async () => {
    await store.append('renter-someone', [{ id: randomUUID(), type: 'RenterReservationOpened', data: { reservationId: randomUUID() }, metadata: meta }], 'any');
    const ignored = await store.readAll({ after: START, limit: 100 });
    expect(ignored.some((event) => hubsProjector.accepts!(event))).toBe(false);
    await applyBatch(pool, hubsProjector, ignored);
    expect(await readCheckpoint(pool, 'hubs')).toEqual(ignored.at(-1)!.position);
    expect((await pool.query('SELECT count(*)::int AS n FROM rm_hubs')).rows[0].n).toBe(0);

    await registerHub(store, 'PR-01', [{ size: 'P' }]);
    const mixed = await store.readAll({ after: ignored.at(-1)!.position, limit: 100 });
    await applyBatch(pool, hubsProjector, mixed);
    expect(await readCheckpoint(pool, 'hubs')).toEqual(mixed.at(-1)!.position);
    expect((await pool.query("SELECT id FROM rm_hubs")).rows).toEqual([{ id: 'PR-01' }]);
    expect((await pool.query("SELECT count(*)::int AS n FROM rm_lockers WHERE hub_id = 'PR-01'")).rows[0].n).toBe(1);
  });

  it('after a failed batch, the next one on the same pool applies its held writes', async () => {
    // A pool of one: without dropping the failed batch's connection the next batch would get it back.
    const single = createPool(database.url, { max: 1 });
    try {
      await single.query('CREATE TABLE runner_notes (event_id uuid PRIMARY KEY)');
      const noting: Projector = {
        name: 'runner_notes',
        tables: ['runner_notes'],
        apply: async () => undefined,
        applyBatch: async (batch, events) => batch.defer({ text: 'INSERT INTO runner_notes SELECT unnest($1::uuid[])', values: [events.map((e) => e.id)] }),
      };
      await store.append(`notes-${randomUUID()}`, [{ id: randomUUID(), type: 'Noted', data: {}, metadata: meta }], 'any');
      const all = await store.readAll({ after: START, limit: 1000 });
      const [first, second] = [all.slice(0, -1), all.slice(-1)];
      // The fence refuses the first batch before its PREPARE runs: the checkpoint is not where it says.
      await expect(applyBatch(single, noting, first, { from: first.at(-1)!.position })).rejects.toBeInstanceOf(CheckpointMovedError);
      await applyBatch(single, noting, first, { from: START });
      await applyBatch(single, noting, second, { from: first.at(-1)!.position });
      expect((await single.query('SELECT count(*)::int AS n FROM runner_notes')).rows[0].n).toBe(all.length);
      expect(await readCheckpoint(single, 'runner_notes')).toEqual(all.at(-1)!.position);
    } finally {
      await single.end();
    }
  });
});
