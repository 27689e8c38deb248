// Issue 24 item 22: the CSV export and the dashboard named 6 of the 22 history kinds differently
// ('Reserva' and 'Reserva criada'). One list of labels (contract/history/history-kinds.ts)
// now serves both; this checks every kind the history knows has exactly one label, everywhere.
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../api/history/history-entry.js';
import { csvLine } from '../../api/history/history-csv.js';
import { HISTORY_KINDS, type HistoryKind } from '../../projections/history/history-kinds.js';
import { HISTORY_KIND_LABELS } from '../../contract/history/history-kinds.js';
import { HISTORY_KIND_LABEL as SCREEN_LABELS, HISTORY_KINDS as SCREEN_KINDS } from '../../web/src/features/dashboard/components/history/history-labels.js';

const entryOf = (kind: HistoryKind): HistoryEntry => ({
  id: 'e1',
  at: '2026-11-25T17:00:00.000Z',
  at_text: '25/11/2026 14:00:00',
  kind,
  hub_id: 'SP-01',
  locker_id: null,
  locker_order_number: 3,
  reservation_id: null,
  actor: { id: 'u1', kind: 'user', role: 'admin', name: 'Ana' },
  sentence: 'Algo aconteceu.',
});

/** The 'Tipo' column of the CSV line the export writes for an entry of this kind. */
const csvKindOf = (kind: HistoryKind) => csvLine(entryOf(kind)).split(';')[1];

describe('issue 24 item 22: one list of history labels', () => {
  it('every history kind has exactly one label, and no two kinds share one', () => {
    expect(Object.keys(HISTORY_KIND_LABELS)).toEqual([...HISTORY_KINDS]);
    const labels = HISTORY_KINDS.map((kind) => HISTORY_KIND_LABELS[kind]);
    expect(labels.every((label) => label.trim().length > 0)).toBe(true);
    expect(new Set(labels).size).toBe(HISTORY_KINDS.length);
  });

  it.each([...HISTORY_KINDS])('%s reads the same on the screen and in the CSV export', (kind) => {
    expect(SCREEN_LABELS[kind]).toBe(HISTORY_KIND_LABELS[kind]);
    expect(csvKindOf(kind)).toBe(HISTORY_KIND_LABELS[kind]);
  });

  it('the screen lists the same kinds, in the same order, as the API', () => {
    expect([...SCREEN_KINDS]).toEqual([...HISTORY_KINDS]);
  });
});
