-- Up Migration
-- Keeps new events out of the tails that rows written before this migration left on old pages.
-- An append-only log of mixed row sizes (300–750 B) leaves each page with a tail smaller than
-- the row that did not fit, and the free-space map remembers it; a smaller event later fits that
-- tail, so on the city log (seeded before this migration) every small append read and dirtied an
-- old page in the middle of the log (12 rows of one transaction on 8 pages hundreds of thousands
-- apart, each written whole to the WAL after a checkpoint). With fillfactor 95 a page is chosen
-- only while it has a row plus 409 B free, which those tails lack. Tails left under this setting
-- are 409 B larger and take events smaller than the row that did not fit, as before: the setting
-- helps logs older than it, not the steady state (docs/adr/0006, docs/benchmarks.md). Cost: ~5 %
-- more heap; events are never updated.
ALTER TABLE events SET (fillfactor = 95);

-- Down Migration
ALTER TABLE events RESET (fillfactor);
