CREATE TABLE "memory_wall_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"yearbook_id" uuid NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"message" text NOT NULL,
	"photo_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yearbook_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"yearbook_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"student_name" text NOT NULL,
	"student_photo_url" text,
	"program" text,
	"quote" text,
	"achievements" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"approved_by" uuid,
	"approved_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "yearbook_entries_quote_check" CHECK (char_length("yearbook_entries"."quote") <= 250),
	CONSTRAINT "yearbook_entries_achievements_check" CHECK (char_length("yearbook_entries"."achievements") <= 500)
);
--> statement-breakpoint
CREATE TABLE "yearbooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"title" text NOT NULL,
	"theme" text,
	"cover_image_url" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" uuid,
	"created_by_name" text,
	"published_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "yearbooks_year_check" CHECK ("yearbooks"."year" between 2000 and 2100)
);
--> statement-breakpoint
ALTER TABLE "memory_wall_posts" ADD CONSTRAINT "memory_wall_posts_yearbook_id_yearbooks_id_fk" FOREIGN KEY ("yearbook_id") REFERENCES "public"."yearbooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_wall_posts" ADD CONSTRAINT "memory_wall_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yearbook_entries" ADD CONSTRAINT "yearbook_entries_yearbook_id_yearbooks_id_fk" FOREIGN KEY ("yearbook_id") REFERENCES "public"."yearbooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yearbook_entries" ADD CONSTRAINT "yearbook_entries_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yearbook_entries" ADD CONSTRAINT "yearbook_entries_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yearbooks" ADD CONSTRAINT "yearbooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memory_wall_posts_yearbook_idx" ON "memory_wall_posts" USING btree ("yearbook_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "yearbook_entries_student_key" ON "yearbook_entries" USING btree ("yearbook_id","student_id");--> statement-breakpoint
CREATE INDEX "yearbook_entries_status_idx" ON "yearbook_entries" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "yearbook_entries_student_idx" ON "yearbook_entries" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "yearbooks_year_key" ON "yearbooks" USING btree ("year");