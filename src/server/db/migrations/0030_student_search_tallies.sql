CREATE TABLE "student_search_tallies" (
	"scope" uuid NOT NULL,
	"search" text NOT NULL,
	"status" text NOT NULL,
	"students_version" bigint NOT NULL,
	"tiles" text NOT NULL,
	"first_page" text,
	CONSTRAINT "student_search_tallies_pkey" PRIMARY KEY("scope","search","status")
);
--> statement-breakpoint
CREATE TABLE "students_version" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "students_version_one_row" CHECK ("students_version"."only")
);
--> statement-breakpoint
CREATE INDEX "student_search_tallies_version_idx" ON "student_search_tallies" USING btree ("students_version");
--> statement-breakpoint
INSERT INTO "students_version" ("only", "version") VALUES (true, 0);
--> statement-breakpoint
-- Every statement writing students moves the version on, in its own transaction: tiles kept for a
-- search (schema/student-search-tallies.ts) are used only while nothing has changed since they were
-- counted. A statement that changed no row moves it too, which only costs one recount.
-- BEFORE the statement: the version's row is locked before any student's, so two transactions each
-- writing students in two statements wait for one another instead of deadlocking.
-- Not a sequence: nextval is seen by readers before the writer commits, and tiles counted without
-- its change would then be kept under the version that has it.
CREATE FUNCTION students_version_next() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE students_version SET version = version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER students_version_next BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON students
  FOR EACH STATEMENT EXECUTE FUNCTION students_version_next();
--> statement-breakpoint
-- The kept first page names each student's officer: renaming a user moves the version on too.
CREATE TRIGGER students_version_next_on_rename BEFORE UPDATE OF name ON users
  FOR EACH STATEMENT EXECUTE FUNCTION students_version_next();
