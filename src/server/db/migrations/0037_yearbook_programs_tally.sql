-- As ROW_TALLIES (schema/row-tallies.ts) says: the programs of each yearbook's entries, by status
-- and program, for the entry list's program filter, which walked an index one probe per program
-- on every page. No entry is written while the tally is filled: a writer already under way
-- finishes first, one that comes later waits and then runs the new triggers.
LOCK TABLE "yearbook_entries" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
SELECT row_tallies_keep('yearbook_entries', 'yearbook_programs', 'yearbook_id',
  $$case when program is null then '' else status || ',' || program end$$);
