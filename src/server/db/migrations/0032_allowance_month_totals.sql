CREATE TABLE "allowance_month_totals" (
	"officer_id" uuid,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"total" numeric DEFAULT '0' NOT NULL,
	"allowance_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "allowance_month_totals_key" UNIQUE NULLS NOT DISTINCT("officer_id","kind","at")
);
--> statement-breakpoint
CREATE INDEX "allowance_month_totals_kind_at_idx" ON "allowance_month_totals" USING btree ("kind","at");--> statement-breakpoint
-- The buckets an allowance counts in (schema/trigger-kept-tables.ts says why submissions go by the
-- hour), given when it was submitted, when the programme manager approved it (if pm_status is
-- 'approved') and when it was paid (if its stage is 'paid'); a null date counts in no bucket. Built
-- from immutable parts, not date_trunc's zone argument (only stable), so the buckets are the same
-- whatever zone the writing session is in.
CREATE FUNCTION allowance_month_buckets(submitted timestamptz, approved_on date, paid_on date)
RETURNS TABLE (kind text, at timestamptz) LANGUAGE sql IMMUTABLE AS $$
  SELECT b.kind, b.at
    FROM (VALUES ('submitted', date_trunc('hour', submitted AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'),
                 ('approved', approved_on::timestamp AT TIME ZONE 'UTC'),
                 ('paid', paid_on::timestamp AT TIME ZONE 'UTC')) AS b(kind, at)
   WHERE b.at IS NOT NULL;
$$;
--> statement-breakpoint
-- Statement-level, with transition tables, as student_counts: an upload costs one aggregate.
-- An update counts only the rows whose figures changed, the difference between the old rows and
-- the new as multisets of figures, so a step that moves no bucket writes nothing and locks nothing.
-- The students' officers are read FOR SHARE: a change of officer committing meanwhile would move
-- the student's allowances without this statement's rows, which it cannot see yet; the lock makes
-- one wait for the other. Students are locked in id order, then the totals in key order, so two
-- writers of allowances wait for each other in one order. Totals that fall to zero stay (deleting
-- them would race with an insert of the key).
CREATE FUNCTION allowance_month_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- What the buckets read of a row: the deputy's step or a denial changes none of it.
  figures CONSTANT text := 'student_id, total, submitted_date,
    CASE WHEN pm_status = ''approved'' THEN pm_approved_date END AS approved_on,
    CASE WHEN approval_stage = ''paid'' THEN paid_date END AS paid_on';
  changed text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM allowance_month_totals;
    RETURN NULL;
  END IF;
  -- An update that changed none of the columns the figures come from (a comment, a note) stops
  -- here: with as many rows before as after, none added means none removed either.
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT student_id, total, submitted_date, pm_status, pm_approved_date, approval_stage, paid_date
                     FROM new_rows
                   EXCEPT ALL
                   SELECT student_id, total, submitted_date, pm_status, pm_approved_date, approval_stage, paid_date
                     FROM old_rows) THEN
      RETURN NULL;
    END IF;
  END IF;
  changed := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s, 1 AS n FROM new_rows', figures)
    WHEN 'DELETE' THEN format('SELECT %s, -1 AS n FROM old_rows', figures)
    ELSE format('SELECT *, 1 AS n FROM (SELECT %1$s FROM new_rows EXCEPT ALL SELECT %1$s FROM old_rows) AS added
                 UNION ALL
                 SELECT *, -1 FROM (SELECT %1$s FROM old_rows EXCEPT ALL SELECT %1$s FROM new_rows) AS removed',
                figures)
  END;
  EXECUTE format(
    'WITH changed AS MATERIALIZED (%s),
     officers AS MATERIALIZED (
       SELECT id, assigned_officer_id AS officer FROM students
        WHERE id = ANY (ARRAY(SELECT DISTINCT student_id FROM changed)) ORDER BY id FOR SHARE)
     INSERT INTO allowance_month_totals AS t (officer_id, kind, at, total, allowance_count)
     SELECT o.officer, b.kind, b.at, sum(c.n * c.total), sum(c.n)
       FROM changed c JOIN officers o ON o.id = c.student_id
      CROSS JOIN LATERAL allowance_month_buckets(c.submitted_date, c.approved_on, c.paid_on) AS b
      GROUP BY 1, 2, 3 HAVING sum(c.n) <> 0 OR sum(c.n * c.total) <> 0
      ORDER BY 1 NULLS FIRST, 2, 3
     ON CONFLICT (officer_id, kind, at) DO UPDATE
       SET total = t.total + excluded.total, allowance_count = t.allowance_count + excluded.allowance_count',
    changed);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A student's allowances count for their officer: when the officer changes, they move with the
-- student. A writer of allowances that read the old officer held the student FOR SHARE, so it
-- committed before this update could lock the row, and this statement sees its rows. Deleting a
-- student needs nothing: the allowances' key restricts it.
CREATE FUNCTION allowance_month_totals_follow_officer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO allowance_month_totals AS t (officer_id, kind, at, total, allowance_count)
  SELECT change.officer, b.kind, b.at, sum(change.n * a.total), sum(change.n)
    FROM (SELECT o.id, o.assigned_officer_id AS before, n.assigned_officer_id AS after
            FROM old_rows o JOIN new_rows n ON n.id = o.id
           WHERE o.assigned_officer_id IS DISTINCT FROM n.assigned_officer_id) AS moved
    JOIN allowances a ON a.student_id = moved.id
   CROSS JOIN LATERAL allowance_month_buckets(a.submitted_date,
         CASE WHEN a.pm_status = 'approved' THEN a.pm_approved_date END,
         CASE WHEN a.approval_stage = 'paid' THEN a.paid_date END) AS b
   CROSS JOIN LATERAL (VALUES (moved.after, 1), (moved.before, -1)) AS change(officer, n)
   GROUP BY 1, 2, 3 HAVING sum(change.n) <> 0 OR sum(change.n * a.total) <> 0
   ORDER BY 1 NULLS FIRST, 2, 3
  ON CONFLICT (officer_id, kind, at) DO UPDATE
    SET total = t.total + excluded.total, allowance_count = t.allowance_count + excluded.allowance_count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER allowance_month_totals_insert AFTER INSERT ON allowances
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION allowance_month_totals_apply();
--> statement-breakpoint
CREATE TRIGGER allowance_month_totals_update AFTER UPDATE ON allowances
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION allowance_month_totals_apply();
--> statement-breakpoint
CREATE TRIGGER allowance_month_totals_delete AFTER DELETE ON allowances
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION allowance_month_totals_apply();
--> statement-breakpoint
CREATE TRIGGER allowance_month_totals_truncate AFTER TRUNCATE ON allowances
  FOR EACH STATEMENT EXECUTE FUNCTION allowance_month_totals_apply();
--> statement-breakpoint
CREATE TRIGGER allowance_month_totals_follow_officer AFTER UPDATE ON students
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION allowance_month_totals_follow_officer();
--> statement-breakpoint
-- Filled after the triggers exist: creating them locks allowances and students against writes until
-- this migration commits, so each write is either seen by the fill or counted by the triggers.
INSERT INTO "allowance_month_totals" ("officer_id", "kind", "at", "total", "allowance_count")
SELECT s.assigned_officer_id, b.kind, b.at, sum(a.total), count(*)
  FROM "allowances" a
  JOIN "students" s ON s.id = a.student_id
 CROSS JOIN LATERAL allowance_month_buckets(a.submitted_date,
       CASE WHEN a.pm_status = 'approved' THEN a.pm_approved_date END,
       CASE WHEN a.approval_stage = 'paid' THEN a.paid_date END) AS b
 GROUP BY 1, 2, 3;
