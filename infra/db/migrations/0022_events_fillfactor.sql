-- Up Migration
-- New events go after the last page of the log, never into old pages' tails. An append-only log
-- of mixed row sizes (300–750 B) leaves each page with a tail smaller than the row that did not
-- fit, and the free-space map remembers it; a smaller event later fits that tail, so every small
-- append read and dirtied some old page in the middle of the log (at city size, 12 rows of one
-- transaction landed on 8 pages hundreds of thousands apart; each page written whole to the WAL
-- after a checkpoint). With fillfactor 95 a page is only chosen while it has a row plus 5 % of a
-- page (409 B) free, which no such tail has: appends share the last pages, the log's physical
-- order stays its append order, and the cost is ~5 % more heap. Events are never updated, so the
-- space is not kept for anything else (docs/adr/0006, docs/benchmarks.md).
ALTER TABLE events SET (fillfactor = 95);

-- Down Migration
ALTER TABLE events RESET (fillfactor);
