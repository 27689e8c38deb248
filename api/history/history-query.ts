import type { HistoryKey } from './history-cursor.js';
import type { HistoryRecord } from '../../projections/history/queries.js';

// The locker history's reads live with its projector (projections/history/queries.ts).

export type { HistoryFilter, HistoryRecord, HistoryScope } from '../../projections/history/queries.js';
export { historyScopeExists, readHistory } from '../../projections/history/queries.js';

export const keyOf = (record: HistoryRecord): HistoryKey => ({ at: record.at.toISOString(), tx: record.tx, seq: record.seq, part: record.part });
