import { describe, expect, it } from 'vitest';
import type { SentenceInput } from './history-sentences.js';
import { historySentence } from './history-sentences.js';

// Issue 29 item 4: what a door did and the controller's outages, in the history's pt-BR.
const worker = { kind: 'worker' as const, name: 'Processo automático' };
const base = (over: Partial<SentenceInput>): SentenceInput => ({
  kind: 'door_state',
  hubId: 'SP-01',
  lockerOrderNumber: 3,
  actor: worker,
  renterName: null,
  actorIsRenter: false,
  data: {},
  ...over,
});

describe('door and controller history sentences', () => {
  it('names each door state in the words the staff pages use, and who reported it', () => {
    const door = (state: string, extra: Record<string, unknown> = {}) =>
      historySentence(base({ data: { state, source: 'controller', offline: false, ...extra } }));
    expect(door('opened')).toBe('Locker 03: porta aberta.');
    expect(door('closed')).toBe('Locker 03: porta fechada.');
    expect(door('left_open')).toBe('Locker 03: porta aberta há muito tempo.');
    expect(door('forced')).toBe('Locker 03: porta arrombada / aberta sem comando.');
    expect(door('jammed', { source: 'renter' })).toBe('Locker 03: porta emperrada (não abriu), informado pelo cliente.');
    expect(door('closed', { offline: true })).toBe('Locker 03: porta fechada, relatado pelo controlador ao reconectar.');
  });

  it("says when the Hub's controller went offline and when it came back, in São Paulo time", () => {
    expect(historySentence(base({ kind: 'controller_offline', lockerOrderNumber: null, data: { last_seen_at: '2026-11-27T13:05:00.000Z' } }))).toBe(
      'Controlador do Hub SP-01 offline (último sinal em 27/11/2026 10:05).',
    );
    expect(historySentence(base({ kind: 'controller_online', lockerOrderNumber: null, data: { offline_since: '2026-11-27T13:05:00.000Z' } }))).toBe(
      'Controlador do Hub SP-01 online de novo (offline desde 27/11/2026 10:05).',
    );
  });
});
