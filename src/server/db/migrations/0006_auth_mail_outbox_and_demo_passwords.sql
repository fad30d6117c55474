CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "demo_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_demo_password_idx" ON "users" USING btree ("id") WHERE "users"."demo_password";--> statement-breakpoint
-- Databases seeded before this column: the demo staff IDs may still hold the published password.
-- Start-up checks each flagged account against it and clears the flag where it was changed.
UPDATE "users" SET "demo_password" = true WHERE upper("staff_id") IN ('ADM001', 'DPM001', 'PO001', 'PO002', 'USR001', 'STU001') AND "password_hash" IS NOT NULL;
