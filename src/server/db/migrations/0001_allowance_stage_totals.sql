CREATE TABLE "allowance_stage_totals" (
	"approval_stage" text PRIMARY KEY NOT NULL,
	"allowance_count" bigint DEFAULT 0 NOT NULL,
	"total_sum" numeric DEFAULT '0' NOT NULL
);
--> statement-breakpoint
DROP INDEX "allowances_stage_submitted_idx";--> statement-breakpoint
DROP INDEX "allowances_submitted_idx";--> statement-breakpoint
CREATE INDEX "allowances_month_idx" ON "allowances" USING btree ("month_number");--> statement-breakpoint
CREATE INDEX "allowances_stage_submitted_idx" ON "allowances" USING btree ("approval_stage","submitted_date","id");--> statement-breakpoint
CREATE INDEX "allowances_submitted_idx" ON "allowances" USING btree ("submitted_date","id");--> statement-breakpoint
-- One row per stage, present from the start: the triggers then only UPDATE, always in stage
-- order, so two transactions touching the same stages lock their rows in the same order.
INSERT INTO "allowance_stage_totals" ("approval_stage", "allowance_count", "total_sum")
SELECT s.stage, count(a.id), coalesce(sum(a.total), 0)
  FROM unnest(ARRAY['pending_dpm', 'pending_flmi', 'pending_pm', 'approved', 'rejected', 'paid']) AS s(stage)
  LEFT JOIN "allowances" a ON a.approval_stage = s.stage
 GROUP BY s.stage;
--> statement-breakpoint
CREATE FUNCTION allowance_stage_totals_shift(stage text, n bigint, amount numeric) RETURNS void
LANGUAGE sql AS $$
  UPDATE allowance_stage_totals
     SET allowance_count = allowance_count + n, total_sum = total_sum + amount
   WHERE approval_stage = stage;
$$;
--> statement-breakpoint
-- Statement-level, with transition tables: a 10,000-row bulk insert costs one aggregate, not
-- 10,000 updates of the same row. Stages are shifted in stage order (see above).
CREATE FUNCTION allowance_stage_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
    PERFORM allowance_stage_totals_shift(stage, n, amount)
       FROM (SELECT stage, sum(n) AS n, sum(amount) AS amount
               FROM (SELECT approval_stage AS stage, 1 AS n, total AS amount FROM new_rows
                     UNION ALL
                     SELECT approval_stage, -1, -total FROM old_rows) AS rows
              GROUP BY stage
             HAVING sum(n) <> 0 OR sum(amount) <> 0
              ORDER BY stage) AS changes;
  ELSE -- TRUNCATE
    UPDATE allowance_stage_totals SET allowance_count = 0, total_sum = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER allowance_stage_totals_insert AFTER INSERT ON allowances
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION allowance_stage_totals_apply();
--> statement-breakpoint
CREATE TRIGGER allowance_stage_totals_update AFTER UPDATE ON allowances
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION allowance_stage_totals_apply();
--> statement-breakpoint
CREATE TRIGGER allowance_stage_totals_delete AFTER DELETE ON allowances
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION allowance_stage_totals_apply();
--> statement-breakpoint
CREATE TRIGGER allowance_stage_totals_truncate AFTER TRUNCATE ON allowances
  FOR EACH STATEMENT EXECUTE FUNCTION allowance_stage_totals_apply();
