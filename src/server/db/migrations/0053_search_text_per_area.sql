-- The top bar's search and each area's list search (D17) run `search_text like <lower-cased pattern>`
-- over one lower-cased, trigram-indexed column per table, as students have since 0023: at national
-- size (10,000 rows each) an `ilike '%term%'` over several columns read every row (15-30 ms each).
-- pg_trgm's GIN index serves both modes: 'ba%' / '% ba%' (start of a word) and '%ban%' (anywhere).

-- array_to_string is only STABLE (it formats any element type), so a generated column may not call
-- it; joining text[] with spaces depends on no setting, hence this IMMUTABLE wrapper.
CREATE FUNCTION tags_text(tags text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select array_to_string(tags, ' ') $$;--> statement-breakpoint
-- A form's field values (not their keys: "people_present" would match every form of a type), joined
-- with spaces; jsonb_each_text is immutable but a generated column may not hold a subquery.
CREATE FUNCTION form_field_values(fields jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select coalesce(string_agg(value, ' '), '') from jsonb_each_text(fields) $$;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("title" || ' ' || coalesce("description", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("title" || ' ' || "description")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(form_field_values("fields"))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "student_files" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("name")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "impact_stories" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("student_name" || ' ' || "title" || ' ' || "excerpt")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "yearbook_entries" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("student_name" || ' ' || coalesce("program", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("title" || ' ' || "content" || ' ' || "author_name")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("title" || ' ' || "description" || ' ' || coalesce("location", '') || ' ' || tags_text("tags"))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "library_resources" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("title" || ' ' || coalesce("description", '') || ' ' || coalesce("author", '') || ' ' || tags_text("tags"))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("name" || ' ' || coalesce("staff_id", '') || ' ' || "email" || ' ' || coalesce("department", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "landlords" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("name" || ' ' || "boarding_house_name" || ' ' || coalesce("address", '') || ' ' || coalesce("email", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("institution_name" || ' ' || coalesce("department", '') || ' ' || "liaison_name" || ' ' || coalesce("liaison_email", '') || ' ' || coalesce("institution_email", ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "tasks_search_trgm_idx" ON "tasks" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "issues_search_trgm_idx" ON "issues" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "forms_search_trgm_idx" ON "forms" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "student_files_search_trgm_idx" ON "student_files" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "impact_stories_search_trgm_idx" ON "impact_stories" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "yearbook_entries_search_trgm_idx" ON "yearbook_entries" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "announcements_search_trgm_idx" ON "announcements" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_search_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "library_resources_search_trgm_idx" ON "library_resources" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "landlords_search_trgm_idx" ON "landlords" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "institutions_search_trgm_idx" ON "institutions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Tasks, issues, forms and files found by their student's name (students.search.ts, ofStudentsNamed):
-- students' search_text also holds every CHL number, which a term like 'CHL-20' matches in all of them.
CREATE INDEX "students_full_name_trgm_idx" ON "students" USING gin (lower("full_name") gin_trgm_ops);--> statement-breakpoint
-- A form found by its author's name (forms.service.ts, formSearch) is looked up by author.
CREATE INDEX "forms_author_idx" ON "forms" USING btree ("author_id");
