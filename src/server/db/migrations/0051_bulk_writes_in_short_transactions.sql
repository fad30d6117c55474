-- An allowance upload or a student import is written in short transactions, so nobody else's
-- request waits behind a whole file (docs/decisions/009). Each file being written is a row here;
-- every row it writes carries the row's id, so readers can tell what is still being written and a
-- file that cannot finish is taken out again by that id.
CREATE TABLE "bulk_writes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'writing' NOT NULL,
	"started_by" uuid,
	"started_by_name" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rows_written" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bulk_writes_kind_known" CHECK ("bulk_writes"."kind" in ('allowance_upload', 'student_import')),
	CONSTRAINT "bulk_writes_state_known" CHECK ("bulk_writes"."state" in ('writing', 'done', 'undone'))
);
--> statement-breakpoint
CREATE INDEX "bulk_writes_unfinished_idx" ON "bulk_writes" USING btree ("heartbeat_at") WHERE "bulk_writes"."finished_at" is null;
--> statement-breakpoint
ALTER TABLE "allowances" ADD COLUMN "written_by_upload" uuid;
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "written_by_import" uuid;
--> statement-breakpoint
CREATE INDEX "allowances_written_by_upload_idx" ON "allowances" USING btree ("written_by_upload") WHERE "allowances"."written_by_upload" is not null;
--> statement-breakpoint
CREATE INDEX "students_written_by_import_idx" ON "students" USING btree ("written_by_import") WHERE "students"."written_by_import" is not null;
