-- The stage totals' `changes` column only told kept dashboard answers (dropped in 0047) when to
-- recompute, and cost every allowance write a lock on each stage it touched, even an edit that
-- changes no total, and every delegation change a lock on every stage. Without it the trigger is
-- 0001's again: only stages whose count or sum moved are updated, still in stage order.
DROP TRIGGER IF EXISTS allowance_stage_totals_delegations_changed ON approval_delegations;
--> statement-breakpoint
DROP FUNCTION IF EXISTS allowance_stage_totals_delegations_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION allowance_stage_totals_shift(stage text, n bigint, amount numeric) RETURNS void
LANGUAGE sql AS $$
  UPDATE allowance_stage_totals
     SET allowance_count = allowance_count + n, total_sum = total_sum + amount
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
ALTER TABLE "allowance_stage_totals" DROP COLUMN "changes";
