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
