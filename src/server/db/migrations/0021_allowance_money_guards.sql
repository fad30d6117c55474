-- The allowances already stored are checked against every rule first. If any row breaks one, the
-- migration stops here, before changing anything, and says per rule how many rows and (up to ten)
-- which: correct those rows, then start the app again. The expressions are the constraints' own.
DO $$
DECLARE
  rule record;
  broken bigint;
  ids text;
  report text := '';
BEGIN
  FOR rule IN SELECT * FROM (VALUES
    ('allowances_total_is_sum_of_parts', 'the total is not the sum of the five amounts',
     $rule$"allowances"."total" = "allowances"."stipend" + "allowances"."medical" + "allowances"."transportation" + "allowances"."school_supplies" + "allowances"."accommodation"$rule$),
    ('allowances_amounts_not_negative', 'an amount is negative',
     $rule$"allowances"."stipend" >= 0 and "allowances"."medical" >= 0 and "allowances"."transportation" >= 0 and "allowances"."school_supplies" >= 0 and "allowances"."accommodation" >= 0 and "allowances"."total" >= 0$rule$),
    ('allowances_dpm_approval_recorded', 'past the Deputy Manager Review without its approval recorded',
     $rule$"allowances"."approval_stage" not in ('pending_flmi', 'pending_pm', 'approved', 'paid') or ("allowances"."dpm_status" is not null and "allowances"."dpm_approved_by" is not null and "allowances"."dpm_approved_by_id" is not null and "allowances"."dpm_approved_date" is not null and "allowances"."dpm_status" = 'approved')$rule$),
    ('allowances_flmi_approval_recorded', 'past the FLMI Advisor Review without its approval recorded',
     $rule$"allowances"."approval_stage" not in ('pending_pm', 'approved', 'paid') or ("allowances"."flmi_status" is not null and "allowances"."flmi_approved_by" is not null and "allowances"."flmi_approved_by_id" is not null and "allowances"."flmi_approved_date" is not null and "allowances"."flmi_status" = 'approved')$rule$),
    ('allowances_pm_approval_recorded', 'approved or paid without the Program Manager''s approval recorded',
     $rule$"allowances"."approval_stage" not in ('approved', 'paid') or ("allowances"."pm_status" is not null and "allowances"."pm_approved_by" is not null and "allowances"."pm_approved_by_id" is not null and "allowances"."pm_approved_date" is not null and "allowances"."pm_status" = 'approved')$rule$),
    ('allowances_payment_recorded', 'paid without the payment date and payer',
     $rule$"allowances"."approval_stage" not in ('paid') or ("allowances"."paid_date" is not null and "allowances"."paid_by" is not null and "allowances"."paid_by_id" is not null)$rule$),
    ('allowances_rejection_recorded', 'rejected without the step, reason, who and when',
     $rule$"allowances"."approval_stage" not in ('rejected') or ("allowances"."rejected_at_stage" is not null and "allowances"."rejection_reason" is not null and "allowances"."rejected_by" is not null and "allowances"."rejected_date" is not null)$rule$)
  ) AS r(name, what, expression)
  LOOP
    -- A CHECK refuses a row only when its expression is false (NULL passes), so count exactly those.
    EXECUTE format(
      'select count(*), (select string_agg(id::text, '', '') from (select id from "allowances" where (%1$s) is false order by id limit 10) s)
         from "allowances" where (%1$s) is false',
      rule.expression)
      INTO broken, ids;
    IF broken > 0 THEN
      report := report || E'\n  ' || rule.name || ' (' || rule.what || '): ' || broken
        || CASE WHEN broken = 1 THEN ' row: ' WHEN broken > 10 THEN ' rows, the first ten: ' ELSE ' rows: ' END
        || ids;
    END IF;
  END LOOP;
  IF report <> '' THEN
    RAISE EXCEPTION USING
      ERRCODE = 'check_violation',
      MESSAGE = 'Migration 0021_allowance_money_guards changed nothing: stored allowances break rules the '
        || 'database is about to enforce (docs/product.md D5). Correct these rows, then start again:' || report;
  END IF;
END
$$;--> statement-breakpoint
ALTER TABLE "allowances" ADD CONSTRAINT "allowances_total_is_sum_of_parts" CHECK ("allowances"."total" = "allowances"."stipend" + "allowances"."medical" + "allowances"."transportation" + "allowances"."school_supplies" + "allowances"."accommodation");--> statement-breakpoint
ALTER TABLE "allowances" ADD CONSTRAINT "allowances_amounts_not_negative" CHECK ("allowances"."stipend" >= 0 and "allowances"."medical" >= 0 and "allowances"."transportation" >= 0 and "allowances"."school_supplies" >= 0 and "allowances"."accommodation" >= 0 and "allowances"."total" >= 0);--> statement-breakpoint
ALTER TABLE "allowances" ADD CONSTRAINT "allowances_dpm_approval_recorded" CHECK ("allowances"."approval_stage" not in ('pending_flmi', 'pending_pm', 'approved', 'paid') or ("allowances"."dpm_status" is not null and "allowances"."dpm_approved_by" is not null and "allowances"."dpm_approved_by_id" is not null and "allowances"."dpm_approved_date" is not null and "allowances"."dpm_status" = 'approved'));--> statement-breakpoint
ALTER TABLE "allowances" ADD CONSTRAINT "allowances_flmi_approval_recorded" CHECK ("allowances"."approval_stage" not in ('pending_pm', 'approved', 'paid') or ("allowances"."flmi_status" is not null and "allowances"."flmi_approved_by" is not null and "allowances"."flmi_approved_by_id" is not null and "allowances"."flmi_approved_date" is not null and "allowances"."flmi_status" = 'approved'));--> statement-breakpoint
ALTER TABLE "allowances" ADD CONSTRAINT "allowances_pm_approval_recorded" CHECK ("allowances"."approval_stage" not in ('approved', 'paid') or ("allowances"."pm_status" is not null and "allowances"."pm_approved_by" is not null and "allowances"."pm_approved_by_id" is not null and "allowances"."pm_approved_date" is not null and "allowances"."pm_status" = 'approved'));--> statement-breakpoint
ALTER TABLE "allowances" ADD CONSTRAINT "allowances_payment_recorded" CHECK ("allowances"."approval_stage" not in ('paid') or ("allowances"."paid_date" is not null and "allowances"."paid_by" is not null and "allowances"."paid_by_id" is not null));--> statement-breakpoint
ALTER TABLE "allowances" ADD CONSTRAINT "allowances_rejection_recorded" CHECK ("allowances"."approval_stage" not in ('rejected') or ("allowances"."rejected_at_stage" is not null and "allowances"."rejection_reason" is not null and "allowances"."rejected_by" is not null and "allowances"."rejected_date" is not null));