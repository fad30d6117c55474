DROP INDEX "impact_stories_posted_idx";--> statement-breakpoint
DROP INDEX "impact_stories_created_idx";--> statement-breakpoint
DROP INDEX "students_officer_created_idx";--> statement-breakpoint
DROP INDEX "students_created_idx";--> statement-breakpoint
CREATE INDEX "announcements_newest_idx" ON "announcements" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "announcements_tally_idx" ON "announcements" USING btree ("type","target_audience","is_active","expiry_date");--> statement-breakpoint
CREATE INDEX "students_graduated_name_idx" ON "students" USING btree ("full_name","id") WHERE "students"."program_status" = 'graduated';--> statement-breakpoint
CREATE INDEX "yearbook_entries_yearbook_created_idx" ON "yearbook_entries" USING btree ("yearbook_id","created_at","id");--> statement-breakpoint
CREATE INDEX "yearbook_entries_yearbook_name_idx" ON "yearbook_entries" USING btree ("yearbook_id","status","student_name","id");--> statement-breakpoint
CREATE INDEX "yearbook_entries_program_idx" ON "yearbook_entries" USING btree ("yearbook_id","program","status");--> statement-breakpoint
CREATE INDEX "impact_stories_posted_idx" ON "impact_stories" USING btree ("approved","featured","date_posted","created_at","id");--> statement-breakpoint
CREATE INDEX "impact_stories_created_idx" ON "impact_stories" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "students_officer_created_idx" ON "students" USING btree ("assigned_officer_id","created_at","id","search_text","program_level","program_status");--> statement-breakpoint
CREATE INDEX "students_created_idx" ON "students" USING btree ("created_at","id","search_text","program_level","program_status","assigned_officer_id");