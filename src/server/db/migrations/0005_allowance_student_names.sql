CREATE TABLE "allowance_student_names" (
	"student_id" uuid NOT NULL,
	"student_name" text NOT NULL,
	CONSTRAINT "allowance_student_names_student_id_student_name_pk" PRIMARY KEY("student_id","student_name")
);
--> statement-breakpoint
DROP INDEX "allowances_student_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "allowance_student_names" ADD CONSTRAINT "allowance_student_names_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allowance_student_names_trgm_idx" ON "allowance_student_names" USING gin (lower("student_name") gin_trgm_ops);--> statement-breakpoint
INSERT INTO "allowance_student_names" ("student_id", "student_name")
SELECT DISTINCT student_id, student_name FROM "allowances";
--> statement-breakpoint
-- Statement-level, with the transition table: a 100,000-row upload adds its few thousand distinct
-- pairs in one statement, in key order (two uploads never wait on each other in opposite order).
-- An UPDATE adds the new pair if an allowance's student or name changed (the app never does);
-- pairs no allowance uses any more stay, and only cost the search a candidate that matches nothing.
CREATE FUNCTION allowance_student_names_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO allowance_student_names (student_id, student_name)
  SELECT DISTINCT student_id, student_name FROM new_rows ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER allowance_student_names_insert AFTER INSERT ON allowances
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION allowance_student_names_add();
--> statement-breakpoint
CREATE TRIGGER allowance_student_names_update AFTER UPDATE ON allowances
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION allowance_student_names_add();
