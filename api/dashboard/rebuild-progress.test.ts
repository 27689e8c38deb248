import { describe, expect, it } from 'vitest';
import { rebuildText } from './rebuild-progress.js';

describe('rebuildText', () => {
  it('reads as the dashboard shows it, in pt-BR', () => {
    expect(rebuildText({ phase: 'replaying', percent: 45, events_per_second: 120_000.4, eta_seconds: 118 })).toBe(
      'Reconstrução das projeções: 45% — 120.000 eventos/s — faltam ~2 min',
    );
    expect(rebuildText({ phase: 'replaying', percent: 99, events_per_second: 30_500, eta_seconds: 3.2 })).toBe(
      'Reconstrução das projeções: 99% — 30.500 eventos/s — faltam ~4 s',
    );
    expect(rebuildText({ phase: 'replaying', percent: 10, events_per_second: 2_000, eta_seconds: 4 * 3_600 })).toContain('faltam ~4 h');
  });

  it('says what it does while the rate or the time left is unknown, and after the load', () => {
    expect(rebuildText({ phase: 'replaying', percent: 0, events_per_second: null, eta_seconds: null })).toBe(
      'Reconstrução das projeções: 0% — calculando o tempo restante',
    );
    expect(rebuildText({ phase: 'indexing', percent: 100, events_per_second: 50_000, eta_seconds: 0 })).toBe(
      'Reconstrução das projeções: 100% — 50.000 eventos/s — criando os índices',
    );
    expect(rebuildText({ phase: 'switching', percent: 100, events_per_second: 50_000, eta_seconds: 0 })).toContain('trocando as tabelas');
  });
});
