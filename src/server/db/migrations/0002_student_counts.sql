CREATE TABLE "student_counts" (
	"officer_id" uuid,
	"program_level" text NOT NULL,
	"program_status" text NOT NULL,
	"start_year" integer NOT NULL,
	"student_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "student_counts_key" UNIQUE NULLS NOT DISTINCT("officer_id","program_level","program_status","start_year")
);
--> statement-breakpoint
-- The dashboard's start year: the start date's year, else the year the record was created in Lusaka.
CREATE FUNCTION student_start_year(start_date date, created_at timestamptz) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT coalesce(extract(year from start_date), extract(year from created_at at time zone 'Africa/Lusaka'))::integer;
$$;
--> statement-breakpoint
INSERT INTO "student_counts" ("officer_id", "program_level", "program_status", "start_year", "student_count")
SELECT assigned_officer_id, program_level, program_status, student_start_year(start_date, created_at), count(*)
  FROM "students"
 GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE FUNCTION student_counts_add(officer uuid, level text, status text, year integer, n bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO student_counts AS c (officer_id, program_level, program_status, start_year, student_count)
  VALUES (officer, level, status, year, n)
  ON CONFLICT (officer_id, program_level, program_status, start_year)
  DO UPDATE SET student_count = c.student_count + excluded.student_count;
$$;
--> statement-breakpoint
-- Statement-level, with transition tables: a 10,000-row import costs one aggregate. Changes are
-- applied in key order, so two transactions touching the same counts lock them in the same order.
-- Counts that fall to zero stay (deleting them would race with a concurrent insert of the key).
CREATE FUNCTION student_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM student_counts_add(officer, level, status, year, n)
       FROM (SELECT assigned_officer_id AS officer, program_level AS level, program_status AS status,
                    student_start_year(start_date, created_at) AS year, count(*) AS n
               FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1 NULLS FIRST, 2, 3, 4) AS changes;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM student_counts_add(officer, level, status, year, -n)
       FROM (SELECT assigned_officer_id AS officer, program_level AS level, program_status AS status,
                    student_start_year(start_date, created_at) AS year, count(*) AS n
               FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1 NULLS FIRST, 2, 3, 4) AS changes;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM student_counts_add(officer, level, status, year, n)
       FROM (SELECT officer, level, status, year, sum(n) AS n
               FROM (SELECT assigned_officer_id AS officer, program_level AS level, program_status AS status,
                            student_start_year(start_date, created_at) AS year, 1 AS n
                       FROM new_rows
                     UNION ALL
                     SELECT assigned_officer_id, program_level, program_status,
                            student_start_year(start_date, created_at), -1
                       FROM old_rows) AS rows
              GROUP BY 1, 2, 3, 4
             HAVING sum(n) <> 0
              ORDER BY 1 NULLS FIRST, 2, 3, 4) AS changes;
  ELSE -- TRUNCATE
    DELETE FROM student_counts;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER student_counts_insert AFTER INSERT ON students
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION student_counts_apply();
--> statement-breakpoint
CREATE TRIGGER student_counts_update AFTER UPDATE ON students
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION student_counts_apply();
--> statement-breakpoint
CREATE TRIGGER student_counts_delete AFTER DELETE ON students
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION student_counts_apply();
--> statement-breakpoint
CREATE TRIGGER student_counts_truncate AFTER TRUNCATE ON students
  FOR EACH STATEMENT EXECUTE FUNCTION student_counts_apply();
