import { describe, expect, it } from 'vitest';
import type { SentenceInput } from './history-sentences.js';
import { historySentence } from './history-sentences.js';

// Issue 9's history entries: pickups and door codes, in pt-BR.
const lia = { kind: 'user' as const, name: 'Lia Logística' };
const base = (over: Partial<SentenceInput>): SentenceInput => ({
  kind: 'left_for_pickup',
  hubId: 'SP-01',
  lockerOrderNumber: 3,
  actor: lia,
  renterName: 'Ana Souza',
  actorIsRenter: false,
  data: {},
  ...over,
});

describe('pickup history sentences', () => {
  it('the pickup life reads as it happened', () => {
    expect(historySentence(base({ actor: { kind: 'user', name: 'Ana Souza' }, actorIsRenter: true }))).toBe(
      'Locker 03: item deixado para coleta por Ana Souza.',
    );
    expect(historySentence(base({ kind: 'pickup_claimed' }))).toBe('Locker 03: coleta assumida por Lia Logística.');
    expect(historySentence(base({ kind: 'pickup_code_issued', data: { expires_at: '2026-11-25T17:05:00.000Z' } }))).toBe(
      'Locker 03: código de coleta emitido por Lia Logística, válido até 25/11/2026 14:05.',
    );
    expect(historySentence(base({ kind: 'pickup_completed' }))).toBe('Locker 03: coleta concluída por Lia Logística.');
  });

  it('door openings and invalidated codes say which code', () => {
    expect(historySentence(base({ kind: 'opened', data: { code_kind: 'pickup' } }))).toBe('Locker 03: porta aberta com código de coleta.');
    expect(historySentence(base({ kind: 'opened', data: { code_kind: 'access' } }))).toBe('Locker 03: porta aberta com código de acesso.');
    expect(historySentence(base({ kind: 'code_invalidated', data: { code_kind: 'access', reason: 'too_many_failures' } }))).toBe(
      'Locker 03: código de acesso invalidado após tentativas erradas demais.',
    );
    expect(historySentence(base({ kind: 'code_invalidated', data: { code_kind: 'pickup', reason: 'replaced' } }))).toBe(
      'Locker 03: código de coleta invalidado (substituído por um novo).',
    );
  });
});

describe('attempts the controller decided offline (issue 29, ADR 0025)', () => {
  const controller = { kind: 'user' as const, name: 'controller:SP-01' };
  it('are marked as made without a connection', () => {
    expect(historySentence(base({ kind: 'opened', actor: controller, data: { code_kind: 'access', offline: true, code_index: 4 } }))).toBe(
      'Locker 03: porta aberta com código de acesso (sem conexão).',
    );
    expect(historySentence(base({ kind: 'code_refused', actor: controller, data: { reason: 'invalid_code', offline: true } }))).toBe(
      'Locker 03: código recusado (sem conexão).',
    );
    expect(historySentence(base({ kind: 'code_refused', lockerOrderNumber: null, actor: controller, data: { reason: 'rate_limited', offline: true } }))).toBe(
      'Hub SP-01: código recusado com o teclado bloqueado por tentativas erradas (sem conexão).',
    );
  });
});
