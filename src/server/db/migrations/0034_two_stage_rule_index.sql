-- How many waiting allowances the two-stage rule bars, read off this index alone (an index-only
-- scan per waiting stage): the generic plan of the dashboard's statement hash-joined the waiting
-- stages to a scan of every allowance, half its time with 10,000 allowances (docs/decisions/002).
CREATE INDEX "allowances_two_stage_rule_idx" ON "allowances" USING btree ("approval_stage","dpm_approved_by_id","dpm_on_behalf_of_id","flmi_approved_by_id","flmi_on_behalf_of_id") WHERE "allowances"."approval_stage" in ('pending_flmi', 'pending_pm');