-- Each staff member's last dashboard answer, used while nothing it counts has changed
-- (schema/dashboard-answers.ts, docs/decisions/002). What it counts from allowances and approval
-- delegations is watched through allowance_stage_totals.changes: every statement that writes an
-- allowance now counts up `changes` on each stage it touches, even when the stage's count and sum
-- stay as they were (an update that changes no total used to leave the rows alone), and every
-- write to approval_delegations counts up every stage. Rows are still locked in stage order, so
-- two writers never wait on each other in opposite orders.
CREATE TABLE "dashboard_answers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"day" date NOT NULL,
	"zone" text NOT NULL,
	"utc_offset" smallint NOT NULL,
	"first_month" date NOT NULL,
	"students_version" bigint NOT NULL,
	"allowance_changes" bigint NOT NULL,
	"answer" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "allowance_stage_totals" ADD COLUMN "changes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_answers" ADD CONSTRAINT "dashboard_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION allowance_stage_totals_shift(stage text, n bigint, amount numeric) RETURNS void
LANGUAGE sql AS $$
  UPDATE allowance_stage_totals
     SET allowance_count = allowance_count + n, total_sum = total_sum + amount, changes = changes + 1
   WHERE approval_stage = stage;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION allowance_stage_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM allowance_stage_totals_shift(stage, n, amount)
       FROM (SELECT approval_stage AS stage, count(*) AS n, sum(total) AS amount
               FROM new_rows GROUP BY 1 ORDER BY 1) AS changes;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM allowance_stage_totals_shift(stage, -n, -amount)
       FROM (SELECT approval_stage AS stage, count(*) AS n, sum(total) AS amount
               FROM old_rows GROUP BY 1 ORDER BY 1) AS changes;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Every stage an updated row left or holds, even by nothing: its `changes` must move.
    PERFORM allowance_stage_totals_shift(stage, n, amount)
       FROM (SELECT stage, sum(n) AS n, sum(amount) AS amount
               FROM (SELECT approval_stage AS stage, 1 AS n, total AS amount FROM new_rows
                     UNION ALL
                     SELECT approval_stage, -1, -total FROM old_rows) AS rows
              GROUP BY stage
              ORDER BY stage) AS changes;
  ELSE -- TRUNCATE
    UPDATE allowance_stage_totals SET allowance_count = 0, total_sum = 0, changes = changes + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Whose allowances await whom changes with a delegation: every stage counts up, in stage order.
CREATE FUNCTION allowance_stage_totals_delegations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM allowance_stage_totals_shift(stage, 0, 0)
     FROM (SELECT approval_stage AS stage FROM allowance_stage_totals ORDER BY 1) AS stages;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER allowance_stage_totals_delegations_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON approval_delegations
  FOR EACH STATEMENT EXECUTE FUNCTION allowance_stage_totals_delegations_changed();
