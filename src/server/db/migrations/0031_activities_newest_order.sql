DROP INDEX "activities_created_idx";--> statement-breakpoint
DROP INDEX "activities_officer_idx";--> statement-breakpoint
CREATE INDEX "activities_created_idx" ON "activities" USING btree ("created_at","seq");--> statement-breakpoint
CREATE INDEX "activities_officer_idx" ON "activities" USING btree ("officer_id","created_at","seq");