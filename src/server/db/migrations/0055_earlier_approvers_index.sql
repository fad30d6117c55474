-- How many waiting allowances the two-stage rule bars (the bell's count and the dashboard's
-- "Awaiting Your Decision"): those at the FLMI and PM stages whose earlier approvers include the
-- user or the account they hold the stage for. allowances_two_stage_rule_idx (migration 0034) let
-- that count read the index alone, but every entry of it: at national size 30,000 waiting
-- allowances, 4-5 ms of PostgreSQL on every officer's and admin's dashboard and bell. This index
-- finds them by the approver's id (0.3-0.4 ms; about 1.7 ms for an officer who approved 1,000 of
-- them). fastupdate is off: with it every count would also read the list of entries not yet
-- merged into the index, which grows with each decision until a vacuum.
DROP INDEX "allowances_two_stage_rule_idx";
--> statement-breakpoint
CREATE INDEX "allowances_earlier_approvers_idx" ON "allowances" USING gin ((array["dpm_approved_by_id", "dpm_on_behalf_of_id", "flmi_approved_by_id", "flmi_on_behalf_of_id"])) WITH (fastupdate = off) WHERE "allowances"."approval_stage" in ('pending_flmi', 'pending_pm');
