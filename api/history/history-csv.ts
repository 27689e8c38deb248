import { Readable } from 'node:stream';
import type { Pool } from 'pg';
import { HISTORY_KIND_LABELS } from '../../contract/history/history-kinds.js';
import type { HistoryEntry } from './history-entry.js';
import { toHistoryEntry } from './history-entry.js';
import type { HistoryFilter } from './history-query.js';
import { keyOf, readHistory } from './history-query.js';

// The whole filtered history as CSV for spreadsheets in Brazil: UTF-8 with BOM (so Excel reads
// the accents), ';' between fields (',' is the decimal mark there), CRLF line ends.

const HEADER = ['Data/hora', 'Tipo', 'Hub', 'Locker', 'ID do locker', 'Reserva', 'Autor', 'Papel', 'Descrição'];

/**
 * One field: quoted when it holds the separator, a quote or a line break; a leading = + - @
 * (or tab/CR) is defused with an apostrophe, since names are typed by users and a spreadsheet
 * would otherwise run them as formulas.
 */
export function csvField(value: string | number | null): string {
  let text = value == null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const line = (fields: (string | number | null)[]) => `${fields.map(csvField).join(';')}\r\n`;

export const csvHeader = () => `\uFEFF${line(HEADER)}`;

export const csvLine = (entry: HistoryEntry) =>
  line([
    entry.at_text,
    HISTORY_KIND_LABELS[entry.kind],
    entry.hub_id,
    entry.locker_order_number == null ? '' : String(entry.locker_order_number).padStart(2, '0'),
    entry.locker_id,
    entry.reservation_id,
    entry.actor.name,
    entry.actor.role,
    entry.sentence,
  ]);

/** Streams every entry the filter selects, a page at a time, so a long history never sits in memory. */
export function historyCsv(db: Pool, filter: Omit<HistoryFilter, 'after'>, pageSize = 1000): Readable {
  async function* lines() {
    yield csvHeader();
    let after: HistoryFilter['after'];
    for (;;) {
      const page = await readHistory(db, { ...filter, after }, pageSize);
      if (page.length) yield page.map((record) => csvLine(toHistoryEntry(record))).join('');
      const last = page[page.length - 1];
      if (!last || page.length < pageSize) return;
      after = keyOf(last);
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** 'historico-AZ-01.csv': only letters, digits and dashes from the id reach the header. */
export const csvFileName = (what: string) => `historico-${what.replace(/[^\w-]/g, '_')}.csv`;
