CREATE TABLE "impact_stories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid,
	"student_name" text NOT NULL,
	"student_photo_url" text,
	"program" text,
	"year" integer NOT NULL,
	"title" text NOT NULL,
	"excerpt" text NOT NULL,
	"content" text NOT NULL,
	"category_id" uuid NOT NULL,
	"image_url" text,
	"video_url" text,
	"featured" boolean DEFAULT false NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"approved_by" uuid,
	"approved_date" date,
	"date_posted" date NOT NULL,
	"views_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "impact_stories_excerpt_check" CHECK (char_length("impact_stories"."excerpt") <= 200),
	CONSTRAINT "impact_stories_featured_check" CHECK (not "impact_stories"."featured" or "impact_stories"."approved")
);
--> statement-breakpoint
CREATE TABLE "story_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT 'blue' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_views" (
	"story_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "story_views_story_id_user_id_day_pk" PRIMARY KEY("story_id","user_id","day")
);
--> statement-breakpoint
ALTER TABLE "impact_stories" ADD CONSTRAINT "impact_stories_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impact_stories" ADD CONSTRAINT "impact_stories_category_id_story_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."story_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impact_stories" ADD CONSTRAINT "impact_stories_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_views" ADD CONSTRAINT "story_views_story_id_impact_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."impact_stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_views" ADD CONSTRAINT "story_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "impact_stories_posted_idx" ON "impact_stories" USING btree ("approved","date_posted");--> statement-breakpoint
CREATE INDEX "impact_stories_created_idx" ON "impact_stories" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "impact_stories_category_idx" ON "impact_stories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "story_categories_name_key" ON "story_categories" USING btree (lower("name"));