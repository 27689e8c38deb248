// The Hubs editor's search and dirty check (web/src/features/staff/components/staff-hub-filter.ts).
import { describe, expect, it } from 'vitest';
import { matchesHub, sameSet } from '../../web/src/features/staff/components/staff-hub-filter.js';

const centro = { id: 'BH-02', name: 'Centro', city: 'Belo Horizonte' };
const paulista = { id: 'SP-01', name: 'Hub Paulista', city: 'São Paulo' };

describe("the operator's Hubs editor", () => {
  it('finds a Hub by id, name or city, every word, ignoring case and accents', () => {
    expect(matchesHub(centro, 'bh-02')).toBe(true);
    expect(matchesHub(centro, 'belo centro')).toBe(true);
    expect(matchesHub(paulista, 'sao')).toBe(true);
    expect(matchesHub(paulista, 'SÃO paulista')).toBe(true);
    expect(matchesHub(paulista, 'belo')).toBe(false);
    expect(matchesHub(paulista, '   ')).toBe(true);
  });

  it('compares selections as sets', () => {
    expect(sameSet(['SP-01', 'BH-02'], new Set(['BH-02', 'SP-01']))).toBe(true);
    expect(sameSet(['SP-01'], ['SP-01', 'BH-02'])).toBe(false);
  });
});
