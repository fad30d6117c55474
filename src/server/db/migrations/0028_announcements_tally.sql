CREATE INDEX "announcements_dated_idx" ON "announcements" USING btree ("expiry_date","target_audience","type") WHERE "announcements"."is_active" and "announcements"."expiry_date" is not null;
--> statement-breakpoint
-- As ROW_TALLIES (schema/row-tallies.ts) says: the announcements shown until hidden, by audience and type.
SELECT row_tallies_keep('announcements', 'announcements', 'null',
  $$case when is_active and expiry_date is null then target_audience || ',' || type else '' end$$);
