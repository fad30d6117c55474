-- case_counts kept a row per due date, so an admin's tiles summed a row per task (10,000 rows in
-- the lists bench). It now keeps, per viewer, status, priority and category, how many records there
-- are and how many of those have a due date; the lists take the overdue ones as those with a due
-- date less those due today or later, read off case_viewers_order_idx (case-lists.ts).
DROP TRIGGER case_counts_insert ON case_viewers;
--> statement-breakpoint
DROP TRIGGER case_counts_delete ON case_viewers;
--> statement-breakpoint
DROP FUNCTION case_counts_apply();
--> statement-breakpoint
DROP FUNCTION case_counts_add(text, uuid, text, text, text, date, bigint);
--> statement-breakpoint
DROP TABLE case_counts;
--> statement-breakpoint
CREATE TABLE "case_counts" (
	"kind" text NOT NULL,
	"viewer_id" uuid NOT NULL,
	"status" text NOT NULL,
	"priority" text NOT NULL,
	"category" text NOT NULL,
	"record_count" bigint DEFAULT 0 NOT NULL,
	"dated_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "case_counts_kind_viewer_id_status_priority_category_pk" PRIMARY KEY("kind","viewer_id","status","priority","category")
);
--> statement-breakpoint
INSERT INTO case_counts (kind, viewer_id, status, priority, category, record_count, dated_count)
SELECT kind, viewer_id, status, priority, category, count(*), count(due_date)
  FROM case_viewers GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
-- The lists' order, then what the tiles read of the rows due today or later: their count per
-- status, priority and category comes from the index alone.
DROP INDEX "case_viewers_order_idx";
--> statement-breakpoint
CREATE INDEX "case_viewers_order_idx" ON "case_viewers" USING btree ("kind","viewer_id","due_date" asc nulls last,"created_at" DESC NULLS LAST,"record_id" DESC NULLS LAST,"status","priority","category");
--> statement-breakpoint
-- Who sees the given records, as they are now (docs/product.md D11): everyone who sees all (the
-- nil uuid), the student's officer, the assignee and the creator or reporter, each once.
CREATE FUNCTION case_viewers_due(record_kind text, ids uuid[]) RETURNS SETOF case_viewers
LANGUAGE sql STABLE AS $$
  SELECT 'task', t.id, v.viewer, t.status, t.priority, t.category, t.due_date, t.created_at
    FROM tasks t LEFT JOIN students s ON s.id = t.student_id
   CROSS JOIN LATERAL (SELECT DISTINCT x FROM unnest(ARRAY['00000000-0000-0000-0000-000000000000'::uuid,
                       s.assigned_officer_id, t.assigned_to_id, t.assigned_by_id]) AS u(x)
                        WHERE x IS NOT NULL) AS v(viewer)
   WHERE record_kind = 'task' AND t.id = ANY(ids)
  UNION ALL
  SELECT 'issue', i.id, v.viewer, i.status, i.priority, i.category, NULL, i.created_at
    FROM issues i JOIN students s ON s.id = i.student_id
   CROSS JOIN LATERAL (SELECT DISTINCT x FROM unnest(ARRAY['00000000-0000-0000-0000-000000000000'::uuid,
                       s.assigned_officer_id, i.assigned_to_id, i.reporter_id]) AS u(x)
                        WHERE x IS NOT NULL) AS v(viewer)
   WHERE record_kind = 'issue' AND i.id = ANY(ids)
  ORDER BY 2, 3;
$$;
--> statement-breakpoint
-- The rows of the given records are recomputed from the records, so a deleted record leaves none
-- (records in id order: two transactions lock viewer rows in the same order). case_counts takes
-- the difference in one statement, in key order, so two transactions moving records between the
-- same counts lock them in the same order; a write that changes no count (a rename) writes none.
-- Counts that fall to zero stay as rows of 0, as student_counts.
CREATE OR REPLACE FUNCTION case_viewers_refresh(record_kind text, ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  gone case_viewers[];
BEGIN
  WITH deleted AS (DELETE FROM case_viewers WHERE kind = record_kind AND record_id = ANY(ids) RETURNING *)
  SELECT array_agg(deleted::case_viewers) INTO gone FROM deleted;
  WITH added AS (INSERT INTO case_viewers SELECT * FROM case_viewers_due(record_kind, ids) RETURNING *)
  INSERT INTO case_counts AS c (kind, viewer_id, status, priority, category, record_count, dated_count)
  SELECT kind, viewer_id, status, priority, category, sum(n), sum(dated)
    FROM (SELECT kind, viewer_id, status, priority, category, 1 AS n, (due_date IS NOT NULL)::int AS dated
            FROM added
          UNION ALL
          SELECT kind, viewer_id, status, priority, category, -1, -(due_date IS NOT NULL)::int
            FROM unnest(gone)) AS changes
   GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(dated) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (kind, viewer_id, status, priority, category)
  DO UPDATE SET record_count = c.record_count + excluded.record_count,
                dated_count = c.dated_count + excluded.dated_count;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION case_viewers_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  record_kind text := CASE TG_TABLE_NAME WHEN 'tasks' THEN 'task' ELSE 'issue' END;
  ids uuid[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM case_viewers WHERE kind = record_kind;
    DELETE FROM case_counts WHERE kind = record_kind;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(id ORDER BY id) INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(id ORDER BY id) INTO ids FROM old_rows;
  ELSE
    SELECT array_agg(id ORDER BY id) INTO ids FROM (SELECT id FROM new_rows UNION SELECT id FROM old_rows) AS changed;
  END IF;
  IF ids IS NOT NULL THEN PERFORM case_viewers_refresh(record_kind, ids); END IF;
  RETURN NULL;
END
$$;
