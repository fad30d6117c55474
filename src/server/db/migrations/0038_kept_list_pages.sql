CREATE TABLE "kept_list_pages" (
	"key" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"answer" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "list_versions" (
	"list" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- A list's version moves on with every statement writing a table the list shows, in the writing
-- transaction (db/kept-list-pages.ts): a kept page is used only at the version it was counted at.
-- As students_version (migration 0030): BEFORE the statement, so that the version's row is locked
-- before any of the table's rows, and a counter rather than a sequence, whose next value readers
-- would see before the writer commits. A statement that changed no row moves it too, which only
-- costs one page written afresh.
CREATE FUNCTION list_version_next() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE list_versions SET version = version + 1 WHERE list = TG_ARGV[0];
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The forms list shows each form, its student's name (students_version, added to this one) and its
-- people's names (students_version moves on renaming a user), and how many files it has.
INSERT INTO "list_versions" ("list", "version") VALUES ('forms', 0);
--> statement-breakpoint
CREATE TRIGGER forms_list_version BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON forms
  FOR EACH STATEMENT EXECUTE FUNCTION list_version_next('forms');
--> statement-breakpoint
CREATE TRIGGER student_files_forms_list_version BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON student_files
  FOR EACH STATEMENT EXECUTE FUNCTION list_version_next('forms');
