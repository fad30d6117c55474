CREATE TABLE "form_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"uploaded_by_id" uuid,
	"form_id" uuid,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_photos_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "form_versions" (
	"form_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"student_id" uuid NOT NULL,
	"form_date" date NOT NULL,
	"fields" jsonb NOT NULL,
	"photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_versions_form_id_version_pk" PRIMARY KEY("form_id","version")
);
--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "form_photos" ADD CONSTRAINT "form_photos_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_photos" ADD CONSTRAINT "form_photos_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_photos_form_idx" ON "form_photos" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "form_photos_uploader_idx" ON "form_photos" USING btree ("uploaded_by_id");--> statement-breakpoint
-- Every existing form is at version 1; its content now is that version's, the base of the next edit.
INSERT INTO "form_versions" ("form_id", "version", "student_id", "form_date", "fields", "created_at")
SELECT "id", 1, "student_id", "form_date", "fields", "updated_at" FROM "forms";
