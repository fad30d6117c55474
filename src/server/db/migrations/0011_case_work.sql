CREATE TABLE "case_counts" (
	"kind" text NOT NULL,
	"viewer_id" uuid NOT NULL,
	"status" text NOT NULL,
	"priority" text NOT NULL,
	"category" text NOT NULL,
	"due_date" date,
	"record_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "case_counts_key" UNIQUE NULLS NOT DISTINCT("kind","viewer_id","status","priority","category","due_date")
);
--> statement-breakpoint
CREATE TABLE "case_viewers" (
	"kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"viewer_id" uuid NOT NULL,
	"status" text NOT NULL,
	"priority" text NOT NULL,
	"category" text NOT NULL,
	"due_date" date,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "case_viewers_kind_viewer_id_record_id_pk" PRIMARY KEY("kind","viewer_id","record_id")
);
--> statement-breakpoint
CREATE TABLE "issue_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue_id" uuid NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"student_id" uuid NOT NULL,
	"reporter_id" uuid,
	"assigned_to_id" uuid,
	"priority" text DEFAULT 'medium' NOT NULL,
	"category" text DEFAULT 'other' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution_note" text,
	"resolved_at" timestamp with time zone,
	"resolved_by_id" uuid,
	"list_item" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"assigned_to_id" uuid,
	"assigned_by_id" uuid,
	"due_date" date,
	"priority" text DEFAULT 'medium' NOT NULL,
	"status" text DEFAULT 'todo' NOT NULL,
	"category" text DEFAULT 'general' NOT NULL,
	"student_id" uuid,
	"completed_at" timestamp with time zone,
	"completed_by_id" uuid,
	"list_item" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_assigned_to_id_users_id_fk" FOREIGN KEY ("assigned_to_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assigned_to_id_users_id_fk" FOREIGN KEY ("assigned_to_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assigned_by_id_users_id_fk" FOREIGN KEY ("assigned_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_completed_by_id_users_id_fk" FOREIGN KEY ("completed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_viewers_record_idx" ON "case_viewers" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "case_viewers_order_idx" ON "case_viewers" USING btree ("kind","viewer_id","due_date" asc nulls last,"created_at" DESC NULLS LAST,"record_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "case_viewers_status_idx" ON "case_viewers" USING btree ("kind","viewer_id","status","due_date" asc nulls last,"created_at" DESC NULLS LAST,"record_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "case_viewers_priority_idx" ON "case_viewers" USING btree ("kind","viewer_id","priority","due_date" asc nulls last,"created_at" DESC NULLS LAST,"record_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "case_viewers_status_priority_idx" ON "case_viewers" USING btree ("kind","viewer_id","status","priority","due_date" asc nulls last,"created_at" DESC NULLS LAST,"record_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "issue_comments_issue_idx" ON "issue_comments" USING btree ("issue_id","created_at");--> statement-breakpoint
CREATE INDEX "issues_created_idx" ON "issues" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "issues_student_idx" ON "issues" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "issues_assigned_to_idx" ON "issues" USING btree ("assigned_to_id","status");--> statement-breakpoint
CREATE INDEX "issues_reporter_idx" ON "issues" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "issues_status_idx" ON "issues" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "tasks_assigned_to_idx" ON "tasks" USING btree ("assigned_to_id","status","due_date");--> statement-breakpoint
CREATE INDEX "tasks_assigned_by_idx" ON "tasks" USING btree ("assigned_by_id");--> statement-breakpoint
CREATE INDEX "tasks_student_idx" ON "tasks" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "tasks_due_idx" ON "tasks" USING btree ("due_date","created_at");--> statement-breakpoint
CREATE INDEX "tasks_open_due_idx" ON "tasks" USING btree ("due_date") WHERE "tasks"."status" <> 'completed';--> statement-breakpoint
-- Who sees a task or an issue (docs/product.md D11): everyone who sees all (the nil uuid), the
-- student's officer, the assignee and the creator or reporter, each once. The rows of the given
-- records are recomputed from the records as they are now, so a deleted record leaves none.
-- Records are taken in id order, so two transactions lock viewer rows in the same order.
CREATE FUNCTION case_viewers_refresh(record_kind text, ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM case_viewers WHERE kind = record_kind AND record_id = ANY(ids);
  IF record_kind = 'task' THEN
    INSERT INTO case_viewers (kind, record_id, viewer_id, status, priority, category, due_date, created_at)
    SELECT 'task', t.id, v.viewer, t.status, t.priority, t.category, t.due_date, t.created_at
      FROM tasks t LEFT JOIN students s ON s.id = t.student_id
     CROSS JOIN LATERAL (SELECT DISTINCT x FROM unnest(ARRAY['00000000-0000-0000-0000-000000000000'::uuid,
                         s.assigned_officer_id, t.assigned_to_id, t.assigned_by_id]) AS u(x)
                          WHERE x IS NOT NULL) AS v(viewer)
     WHERE t.id = ANY(ids)
     ORDER BY t.id, v.viewer;
  ELSE
    INSERT INTO case_viewers (kind, record_id, viewer_id, status, priority, category, due_date, created_at)
    SELECT 'issue', i.id, v.viewer, i.status, i.priority, i.category, NULL, i.created_at
      FROM issues i JOIN students s ON s.id = i.student_id
     CROSS JOIN LATERAL (SELECT DISTINCT x FROM unnest(ARRAY['00000000-0000-0000-0000-000000000000'::uuid,
                         s.assigned_officer_id, i.assigned_to_id, i.reporter_id]) AS u(x)
                          WHERE x IS NOT NULL) AS v(viewer)
     WHERE i.id = ANY(ids)
     ORDER BY i.id, v.viewer;
  END IF;
END
$$;
--> statement-breakpoint
-- Statement-level, with transition tables: a bulk write recomputes its records once.
CREATE FUNCTION case_viewers_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  record_kind text := CASE TG_TABLE_NAME WHEN 'tasks' THEN 'task' ELSE 'issue' END;
  ids uuid[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM case_viewers WHERE kind = record_kind;
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
--> statement-breakpoint
CREATE TRIGGER case_viewers_tasks_insert AFTER INSERT ON tasks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION case_viewers_apply();
--> statement-breakpoint
CREATE TRIGGER case_viewers_tasks_update AFTER UPDATE ON tasks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION case_viewers_apply();
--> statement-breakpoint
CREATE TRIGGER case_viewers_tasks_delete AFTER DELETE ON tasks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION case_viewers_apply();
--> statement-breakpoint
CREATE TRIGGER case_viewers_tasks_truncate AFTER TRUNCATE ON tasks
  FOR EACH STATEMENT EXECUTE FUNCTION case_viewers_apply();
--> statement-breakpoint
CREATE TRIGGER case_viewers_issues_insert AFTER INSERT ON issues
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION case_viewers_apply();
--> statement-breakpoint
CREATE TRIGGER case_viewers_issues_update AFTER UPDATE ON issues
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION case_viewers_apply();
--> statement-breakpoint
CREATE TRIGGER case_viewers_issues_delete AFTER DELETE ON issues
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION case_viewers_apply();
--> statement-breakpoint
CREATE TRIGGER case_viewers_issues_truncate AFTER TRUNCATE ON issues
  FOR EACH STATEMENT EXECUTE FUNCTION case_viewers_apply();
--> statement-breakpoint
-- A student given to another officer moves their tasks and issues to that officer's lists.
-- (A deleted student's tasks lose the student through the foreign key, an UPDATE the tasks'
-- trigger sees; a student with issues cannot be deleted.)
CREATE FUNCTION case_viewers_student_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  task_ids uuid[];
  issue_ids uuid[];
BEGIN
  SELECT array_agg(t.id ORDER BY t.id) INTO task_ids
    FROM tasks t JOIN new_rows n ON n.id = t.student_id JOIN old_rows o ON o.id = n.id
   WHERE n.assigned_officer_id IS DISTINCT FROM o.assigned_officer_id;
  SELECT array_agg(i.id ORDER BY i.id) INTO issue_ids
    FROM issues i JOIN new_rows n ON n.id = i.student_id JOIN old_rows o ON o.id = n.id
   WHERE n.assigned_officer_id IS DISTINCT FROM o.assigned_officer_id;
  IF task_ids IS NOT NULL THEN PERFORM case_viewers_refresh('task', task_ids); END IF;
  IF issue_ids IS NOT NULL THEN PERFORM case_viewers_refresh('issue', issue_ids); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER case_viewers_student_moved AFTER UPDATE ON students
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION case_viewers_student_moved();
--> statement-breakpoint
CREATE FUNCTION case_counts_add(k text, viewer uuid, st text, pr text, cat text, due date, n bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO case_counts AS c (kind, viewer_id, status, priority, category, due_date, record_count)
  VALUES (k, viewer, st, pr, cat, due, n)
  ON CONFLICT (kind, viewer_id, status, priority, category, due_date)
  DO UPDATE SET record_count = c.record_count + excluded.record_count;
$$;
--> statement-breakpoint
-- Like student_counts: deltas applied in key order, counts that fall to zero stay as rows of 0.
CREATE FUNCTION case_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM case_counts_add(kind, viewer_id, status, priority, category, due_date, n)
       FROM (SELECT kind, viewer_id, status, priority, category, due_date, count(*) AS n
               FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6 NULLS FIRST) AS changes;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM case_counts_add(kind, viewer_id, status, priority, category, due_date, -n)
       FROM (SELECT kind, viewer_id, status, priority, category, due_date, count(*) AS n
               FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6 NULLS FIRST) AS changes;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER case_counts_insert AFTER INSERT ON case_viewers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION case_counts_apply();
--> statement-breakpoint
CREATE TRIGGER case_counts_delete AFTER DELETE ON case_viewers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION case_counts_apply();
--> statement-breakpoint
-- An instant as Date.prototype.toISOString writes it, as the API answers every timestamp.
CREATE FUNCTION case_instant(t timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
$$;
--> statement-breakpoint
-- A task as the lists answer it (TaskSchema without overdue, which the list adds for the day).
-- Building this for every row of every page was most of what a list request cost (decision 002).
CREATE FUNCTION task_list_item(t tasks) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'id', t.id, 'title', t.title, 'description', t.description,
    'assigned_to_id', t.assigned_to_id, 'assigned_to_name', (SELECT u.name FROM users u WHERE u.id = t.assigned_to_id),
    'assigned_by_id', t.assigned_by_id, 'assigned_by_name', (SELECT u.name FROM users u WHERE u.id = t.assigned_by_id),
    'due_date', t.due_date, 'priority', t.priority, 'status', t.status, 'category', t.category,
    'student_id', t.student_id, 'student_name', (SELECT s.full_name FROM students s WHERE s.id = t.student_id),
    'completed_at', case_instant(t.completed_at), 'completed_by_id', t.completed_by_id,
    'completed_by_name', (SELECT u.name FROM users u WHERE u.id = t.completed_by_id),
    'created_at', case_instant(t.created_at), 'updated_at', case_instant(t.updated_at))::text;
$$;
--> statement-breakpoint
-- An issue as the lists answer it (IssueSchema).
CREATE FUNCTION issue_list_item(i issues) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'id', i.id, 'title', i.title, 'description', i.description,
    'student_id', i.student_id, 'student_name', (SELECT s.full_name FROM students s WHERE s.id = i.student_id),
    'reporter_id', i.reporter_id, 'reporter_name', (SELECT u.name FROM users u WHERE u.id = i.reporter_id),
    'assigned_to_id', i.assigned_to_id, 'assigned_to_name', (SELECT u.name FROM users u WHERE u.id = i.assigned_to_id),
    'priority', i.priority, 'category', i.category, 'status', i.status,
    'resolution_note', i.resolution_note, 'resolved_at', case_instant(i.resolved_at),
    'resolved_by_name', (SELECT u.name FROM users u WHERE u.id = i.resolved_by_id),
    'comment_count', (SELECT count(*)::int FROM issue_comments c WHERE c.issue_id = i.id),
    'created_at', case_instant(i.created_at), 'updated_at', case_instant(i.updated_at))::text;
$$;
--> statement-breakpoint
CREATE FUNCTION task_list_item_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_item := task_list_item(NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER task_list_item_keep BEFORE INSERT OR UPDATE ON tasks
  FOR EACH ROW EXECUTE FUNCTION task_list_item_keep();
--> statement-breakpoint
CREATE FUNCTION issue_list_item_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_item := issue_list_item(NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER issue_list_item_keep BEFORE INSERT OR UPDATE ON issues
  FOR EACH ROW EXECUTE FUNCTION issue_list_item_keep();
--> statement-breakpoint
-- What a list item shows from elsewhere: the thread's length, and people's and students' names.
-- Touching the records makes their own trigger write the item again.
CREATE FUNCTION issue_list_item_thread() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE issues SET list_item = list_item
   WHERE id IN (SELECT issue_id FROM changed_comments);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER issue_list_item_comment_added AFTER INSERT ON issue_comments
  REFERENCING NEW TABLE AS changed_comments FOR EACH STATEMENT EXECUTE FUNCTION issue_list_item_thread();
--> statement-breakpoint
CREATE TRIGGER issue_list_item_comment_removed AFTER DELETE ON issue_comments
  REFERENCING OLD TABLE AS changed_comments FOR EACH STATEMENT EXECUTE FUNCTION issue_list_item_thread();
--> statement-breakpoint
CREATE FUNCTION case_list_items_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    UPDATE tasks SET list_item = list_item
     WHERE NEW.id IN (assigned_to_id, assigned_by_id, completed_by_id);
    UPDATE issues SET list_item = list_item
     WHERE NEW.id IN (reporter_id, assigned_to_id, resolved_by_id);
  ELSE
    UPDATE tasks SET list_item = list_item WHERE student_id = NEW.id;
    UPDATE issues SET list_item = list_item WHERE student_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER case_list_items_staff_renamed AFTER UPDATE OF name ON users
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION case_list_items_renamed();
--> statement-breakpoint
CREATE TRIGGER case_list_items_student_renamed AFTER UPDATE OF full_name ON students
  FOR EACH ROW WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name) EXECUTE FUNCTION case_list_items_renamed();
