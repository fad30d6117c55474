-- The events tally by type and status ('workshop,upcoming'): the list's total under a status
-- filter is a sum of kept buckets, where counting the 2,500 upcoming of 10,000 events read the
-- whole table on every page (3.5 ms of PostgreSQL). The cards still add up by type.
DROP TRIGGER row_tally_events_insert ON events;
--> statement-breakpoint
DROP TRIGGER row_tally_events_update ON events;
--> statement-breakpoint
DROP TRIGGER row_tally_events_delete ON events;
--> statement-breakpoint
DROP TRIGGER row_tally_events_truncate ON events;
--> statement-breakpoint
DELETE FROM row_tallies WHERE tally = 'events';
--> statement-breakpoint
SELECT row_tallies_keep('events', 'events', 'null', $$type || ',' || status$$);
--> statement-breakpoint
-- A status's page in the list's order: its events still to come from now forward, and those
-- begun from now backward, each a range of this index rather than a sort of every match.
CREATE INDEX "events_status_starts_idx" ON "events" USING btree ("status","starts_at");
