// The runner moves a projector's checkpoint past a batch it has nothing to do in (one round
// trip, no rows touched), and still applies a batch that holds one event it accepts. A batch that
// fails does not leave its connection thinking it prepared statements it never did. Batches of
// several projectors ready at once share a transaction, and one failing does not stop the others.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import { START } from '../../infra/eventstore/port.js';
import { hubsProjector } from '../../projections/hubs/hubs-projector.js';
import type { Projector } from '../../projections/projector.js';
import { applyBatch, CheckpointMovedError, readCheckpoint } from '../../projections/runner.js';
import { batchGroupFor } from '../../projections/batch-group.js';
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
    expect((await pool.query('SELECT id FROM rm_hubs')).rows).toEqual([{ id: 'PR-01' }]);
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

  it('batches of several projectors ready together commit in one transaction; one that fails does not stop the others', async () => {
    await pool.query('CREATE TABLE group_notes (projector text, event_id uuid, PRIMARY KEY (projector, event_id))');
    let failing = '';
    const noting = (name: string): Projector => ({
      name,
      tables: ['group_notes'],
      apply: async () => undefined,
      applyBatch: async (batch, events) => {
        // A projector with a bug: its statement fails in PostgreSQL.
        if (name === failing) return batch.defer({ text: 'INSERT INTO group_notes SELECT $1::text, NULL::uuid', values: [name] });
        batch.defer({ text: 'INSERT INTO group_notes SELECT $1::text, unnest($2::uuid[])', values: [name, events.map((e) => e.id)] });
      },
    });
    const [a, b, c] = [noting('group_a'), noting('group_b'), noting('group_c')];
    await store.append(`group-${randomUUID()}`, [{ id: randomUUID(), type: 'Noted', data: {}, metadata: meta }], 'any');
    const all = await store.readAll({ after: START, limit: 1000 });
    const group = batchGroupFor(pool);
    await Promise.all([a, b, c].map((projector) => group({ projector, events: all, fence: { from: START } })));
    const { rows } = await pool.query<{ name: string; x: string }>(
      "SELECT name, xmin::text AS x FROM projection_checkpoints WHERE name LIKE 'group_%' ORDER BY name",
    );
    expect(rows.map((r) => r.name)).toEqual(['group_a', 'group_b', 'group_c']);
    expect(new Set(rows.map((r) => r.x)).size).toBe(1); // written by one transaction

    await store.append(`group-${randomUUID()}`, [{ id: randomUUID(), type: 'Noted', data: {}, metadata: meta }], 'any');
    const next = await store.readAll({ after: all.at(-1)!.position, limit: 1000 });
    failing = 'group_b';
    const settled = await Promise.allSettled([a, b, c].map((projector) => group({ projector, events: next, fence: { from: all.at(-1)!.position } })));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await readCheckpoint(pool, 'group_a')).toEqual(next.at(-1)!.position);
    expect(await readCheckpoint(pool, 'group_b')).toEqual(all.at(-1)!.position);
    expect(await readCheckpoint(pool, 'group_c')).toEqual(next.at(-1)!.position);
    const counts = await pool.query<{ projector: string; n: number }>(
      'SELECT projector, count(*)::int AS n FROM group_notes GROUP BY projector ORDER BY projector',
    );
    expect(counts.rows).toEqual([
      { projector: 'group_a', n: all.length + 1 },
      { projector: 'group_b', n: all.length },
      { projector: 'group_c', n: all.length + 1 },
    ]);
  });
});
