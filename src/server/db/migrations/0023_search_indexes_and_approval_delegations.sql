CREATE TABLE "approval_delegations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delegator_id" uuid NOT NULL,
	"delegate_id" uuid NOT NULL,
	"stages" text[] NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by_id" uuid,
	CONSTRAINT "approval_delegations_dates_in_order" CHECK ("approval_delegations"."ends_on" >= "approval_delegations"."starts_on"),
	CONSTRAINT "approval_delegations_not_to_self" CHECK ("approval_delegations"."delegator_id" <> "approval_delegations"."delegate_id"),
	CONSTRAINT "approval_delegations_review_stages" CHECK (cardinality("approval_delegations"."stages") > 0 and "approval_delegations"."stages" <@ array['pending_dpm', 'pending_flmi', 'pending_pm']::text[]),
	CONSTRAINT "approval_delegations_revocation_recorded" CHECK (("approval_delegations"."revoked_at" is null) = ("approval_delegations"."revoked_by_id" is null))
);
--> statement-breakpoint
ALTER TABLE "allowance_comments" ADD COLUMN "on_behalf_of" text;--> statement-breakpoint
ALTER TABLE "allowances" ADD COLUMN "dpm_on_behalf_of" text;--> statement-breakpoint
ALTER TABLE "allowances" ADD COLUMN "dpm_on_behalf_of_id" uuid;--> statement-breakpoint
ALTER TABLE "allowances" ADD COLUMN "flmi_on_behalf_of" text;--> statement-breakpoint
ALTER TABLE "allowances" ADD COLUMN "flmi_on_behalf_of_id" uuid;--> statement-breakpoint
ALTER TABLE "allowances" ADD COLUMN "pm_on_behalf_of" text;--> statement-breakpoint
ALTER TABLE "allowances" ADD COLUMN "pm_on_behalf_of_id" uuid;--> statement-breakpoint
ALTER TABLE "approval_delegations" ADD CONSTRAINT "approval_delegations_delegator_id_users_id_fk" FOREIGN KEY ("delegator_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_delegations" ADD CONSTRAINT "approval_delegations_delegate_id_users_id_fk" FOREIGN KEY ("delegate_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_delegations" ADD CONSTRAINT "approval_delegations_revoked_by_id_users_id_fk" FOREIGN KEY ("revoked_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_delegations_delegate_idx" ON "approval_delegations" USING btree ("delegate_id","ends_on");--> statement-breakpoint
CREATE INDEX "approval_delegations_delegator_idx" ON "approval_delegations" USING btree ("delegator_id","ends_on");--> statement-breakpoint
CREATE INDEX "students_search_trgm_university_idx" ON "students" USING gin ("search_text" gin_trgm_ops) WHERE "students"."program_level" = 'university';--> statement-breakpoint
CREATE INDEX "students_search_trgm_diploma_idx" ON "students" USING gin ("search_text" gin_trgm_ops) WHERE "students"."program_level" = 'diploma';--> statement-breakpoint
CREATE INDEX "students_search_trgm_launch_year_idx" ON "students" USING gin ("search_text" gin_trgm_ops) WHERE "students"."program_level" = 'launch_year';--> statement-breakpoint
CREATE INDEX "students_first_name_prefix_idx" ON "students" USING btree (lower("first_name") text_pattern_ops,"program_level");--> statement-breakpoint
CREATE INDEX "students_last_name_prefix_idx" ON "students" USING btree (lower("last_name") text_pattern_ops,"program_level");--> statement-breakpoint
CREATE INDEX "students_chl_number_prefix_idx" ON "students" USING btree (lower(coalesce("chl_number", '')) text_pattern_ops,"program_level");