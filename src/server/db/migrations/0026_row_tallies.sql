CREATE TABLE "row_tallies" (
	"tally" text NOT NULL,
	"scope" uuid DEFAULT '00000000-0000-0000-0000-000000000000' NOT NULL,
	"bucket" text DEFAULT '' NOT NULL,
	"row_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "row_tallies_pkey" PRIMARY KEY("tally","scope","bucket")
);
--> statement-breakpoint
-- One function keeps every tally (docs/decisions/002). Its arguments: the tally's name, the scope
-- and the bucket as SQL over a row of the table ('null' and '''''' where a tally has none).
-- Statement-level with transition tables, as student_counts: an import costs one aggregate; the
-- changes are applied in key order, so two transactions lock the same tallies in the same order;
-- a tally that falls to zero stays as a row of 0 (deleting it would race with an insert of the key).
CREATE FUNCTION row_tallies_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM row_tallies WHERE tally = TG_ARGV[0];
    RETURN NULL;
  END IF;
  changes := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT (%s)::uuid AS scope, %s AS bucket, 1 AS n FROM new_rows', TG_ARGV[1], TG_ARGV[2])
    WHEN 'DELETE' THEN format('SELECT (%s)::uuid AS scope, %s AS bucket, -1 AS n FROM old_rows', TG_ARGV[1], TG_ARGV[2])
    ELSE format('SELECT (%1$s)::uuid AS scope, %2$s AS bucket, 1 AS n FROM new_rows
                 UNION ALL SELECT (%1$s)::uuid, %2$s, -1 FROM old_rows', TG_ARGV[1], TG_ARGV[2])
  END;
  EXECUTE format(
    'INSERT INTO row_tallies AS t (tally, scope, bucket, row_count)
     SELECT %L, coalesce(scope, %L::uuid), coalesce(bucket::text, %L), sum(n)
       FROM (%s) AS changes
      GROUP BY 2, 3 HAVING sum(n) <> 0 ORDER BY 2, 3
     ON CONFLICT (tally, scope, bucket) DO UPDATE SET row_count = t.row_count + excluded.row_count',
    TG_ARGV[0], '00000000-0000-0000-0000-000000000000', '', changes);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The triggers of one tally on one table, and the tally filled from the rows already there.
CREATE FUNCTION row_tallies_keep(source regclass, tally text, scope_sql text, bucket_sql text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  args text := format('%L, %L, %L', tally, scope_sql, bucket_sql);
  prefix text := 'row_tally_' || tally;
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %s REFERENCING NEW TABLE AS new_rows
                  FOR EACH STATEMENT EXECUTE FUNCTION row_tallies_apply(%s)', prefix || '_insert', source, args);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %s REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                  FOR EACH STATEMENT EXECUTE FUNCTION row_tallies_apply(%s)', prefix || '_update', source, args);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %s REFERENCING OLD TABLE AS old_rows
                  FOR EACH STATEMENT EXECUTE FUNCTION row_tallies_apply(%s)', prefix || '_delete', source, args);
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %s
                  FOR EACH STATEMENT EXECUTE FUNCTION row_tallies_apply(%s)', prefix || '_truncate', source, args);
  EXECUTE format(
    'INSERT INTO row_tallies (tally, scope, bucket, row_count)
     SELECT %L, coalesce((%s)::uuid, %L::uuid), coalesce((%s)::text, %L), count(*) FROM %s GROUP BY 2, 3',
    tally, scope_sql, '00000000-0000-0000-0000-000000000000', bucket_sql, '', source);
END
$$;
--> statement-breakpoint
-- A form or student file counts for its student's officer: when a student changes officer, their
-- forms and files move with them (a student with either cannot be deleted: the keys restrict).
CREATE FUNCTION row_tallies_follow_officer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO row_tallies AS t (tally, scope, bucket, row_count)
  SELECT tally, coalesce(scope, '00000000-0000-0000-0000-000000000000'::uuid), bucket, sum(n)
    FROM (SELECT o.id, o.assigned_officer_id AS before, n.assigned_officer_id AS after
            FROM old_rows o JOIN new_rows n ON n.id = o.id
           WHERE o.assigned_officer_id IS DISTINCT FROM n.assigned_officer_id) AS moved
   CROSS JOIN LATERAL (
         SELECT 'forms' AS tally, f.status AS bucket FROM forms f WHERE f.student_id = moved.id
         UNION ALL
         SELECT 'student_files', '' FROM student_files sf WHERE sf.student_id = moved.id) AS record
   CROSS JOIN LATERAL (VALUES (moved.after, 1), (moved.before, -1)) AS change(scope, n)
   GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (tally, scope, bucket) DO UPDATE SET row_count = t.row_count + excluded.row_count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER row_tallies_follow_officer AFTER UPDATE ON students
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_tallies_follow_officer();
--> statement-breakpoint
-- Keep these in step with ROW_TALLIES (db/row-tallies.ts): the tests recount each from its table.
SELECT row_tallies_keep('landlords', 'landlords', 'null', '''''');
--> statement-breakpoint
SELECT row_tallies_keep('institutions', 'institutions', 'null', '''''');
--> statement-breakpoint
SELECT row_tallies_keep('payment_batches', 'payment_batches', 'null', '''''');
--> statement-breakpoint
-- Every audited write adds an activity: sixteen buckets by the id's last digit, so that two
-- transactions writing at once seldom wait for each other's tally.
SELECT row_tallies_keep('activities', 'activities', 'null', 'right(id::text, 1)');
--> statement-breakpoint
SELECT row_tallies_keep('events', 'events', 'null', 'type');
--> statement-breakpoint
SELECT row_tallies_keep('library_resources', 'library_resources', 'null', 'type');
--> statement-breakpoint
SELECT row_tallies_keep('users', 'users', 'null', 'role');
--> statement-breakpoint
SELECT row_tallies_keep('role_requests', 'role_requests', 'null', 'status');
--> statement-breakpoint
SELECT row_tallies_keep('impact_stories', 'impact_stories', 'null', 'approved::text || '','' || featured::text');
--> statement-breakpoint
SELECT row_tallies_keep('memory_wall_posts', 'memory_wall_posts', 'yearbook_id', '''''');
--> statement-breakpoint
SELECT row_tallies_keep('yearbook_entries', 'yearbook_entries', 'yearbook_id', 'status');
--> statement-breakpoint
SELECT row_tallies_keep('forms', 'forms',
  '(SELECT s.assigned_officer_id FROM students s WHERE s.id = student_id)', 'status');
--> statement-breakpoint
SELECT row_tallies_keep('student_files', 'student_files',
  '(SELECT s.assigned_officer_id FROM students s WHERE s.id = student_id)', '''''');
