import type { PoolClient } from 'pg';
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../infra/eventstore/port.js';
import { applyInRuns } from './apply-runs.js';

const event = (type: string): StoredEvent => ({
  id: type, type, data: {}, metadata: { actor: { id: 'a', role: 'system' }, correlationId: 'c', causationId: null, at: '' },
  streamId: 's', streamVersion: 1, position: { tx: 1n, seq: 1n }, recordedAt: '',
});

describe('applyInRuns', () => {
  it('keeps log order: runs go together across ignored events, and any other event ends a run', async () => {
    const calls: string[] = [];
    const log = ['Booked1', 'Ignored', 'Booked2', 'Paid', 'Booked3', 'Ignored', 'Paid', 'Booked4'].map(event);
    await applyInRuns({} as PoolClient, log, {
      accepts: (e) => e.type !== 'Ignored',
      together: (e) => e.type.startsWith('Booked'),
      many: async (_client, run) => void calls.push(run.map((e) => e.type).join('+')),
      one: async (_client, e) => void calls.push(e.type),
    });
    expect(calls).toEqual(['Booked1+Booked2', 'Paid', 'Booked3', 'Paid', 'Booked4']);
  });
});
