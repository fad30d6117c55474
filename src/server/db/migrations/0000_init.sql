CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "allowance_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"allowance_id" uuid NOT NULL,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"user_role" text NOT NULL,
	"action" text NOT NULL,
	"comment_text" text NOT NULL,
	"stage" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "allowances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"student_name" text NOT NULL,
	"month" text NOT NULL,
	"month_number" integer NOT NULL,
	"year" integer NOT NULL,
	"program_level" text NOT NULL,
	"stipend" numeric(12, 2) NOT NULL,
	"medical" numeric(12, 2) DEFAULT '0' NOT NULL,
	"transportation" numeric(12, 2) DEFAULT '0' NOT NULL,
	"school_supplies" numeric(12, 2) DEFAULT '0' NOT NULL,
	"accommodation" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"approval_stage" text DEFAULT 'pending_dpm' NOT NULL,
	"submitted_by" text NOT NULL,
	"submitted_by_id" uuid,
	"submitted_date" timestamp with time zone DEFAULT now() NOT NULL,
	"dpm_approved_by" text,
	"dpm_approved_by_id" uuid,
	"dpm_approved_date" date,
	"dpm_status" text,
	"dpm_comments" text,
	"flmi_approved_by" text,
	"flmi_approved_by_id" uuid,
	"flmi_approved_date" date,
	"flmi_status" text,
	"flmi_comments" text,
	"pm_approved_by" text,
	"pm_approved_by_id" uuid,
	"pm_approved_date" date,
	"pm_status" text,
	"pm_comments" text,
	"rejection_reason" text,
	"rejected_at_stage" text,
	"rejected_by" text,
	"rejected_date" date,
	"paid_by" text,
	"paid_by_id" uuid,
	"paid_date" date,
	"submission_notes" text,
	"flmz_comments" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_throttles" (
	"staff_id_key" text PRIMARY KEY NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_logins" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"remember_me" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" text,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text,
	"role" text DEFAULT 'user' NOT NULL,
	"requested_role" text,
	"department" text,
	"photo_url" text,
	"auth_id" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"email_verified_at" timestamp with time zone,
	"last_login" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"officer_id" uuid,
	"entity_type" text NOT NULL,
	"entity_id" uuid,
	"action" text NOT NULL,
	"summary" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"full_name" text NOT NULL,
	"email" text,
	"contact_number" text,
	"community" text,
	"program_level" text DEFAULT 'university' NOT NULL,
	"program_status" text DEFAULT 'enrolled' NOT NULL,
	"academic_standing" text DEFAULT 'good' NOT NULL,
	"institution_name" text,
	"current_program" text,
	"assigned_officer_id" uuid,
	"overall_gpa" numeric(3, 2),
	"chl_number" text,
	"gender" text DEFAULT 'male' NOT NULL,
	"date_of_birth" date,
	"nrc_number" text,
	"school_id_number" text,
	"profile_photo_url" text,
	"program_notes" text,
	"guardian_full_name" text,
	"guardian_community" text,
	"guardian_contact_number" text,
	"guardian_relationship" text,
	"institution_location" text,
	"area_of_study" text,
	"program_length" text,
	"start_date" date,
	"expected_end_date" date,
	"accommodation_type" text DEFAULT 'institution_hostel' NOT NULL,
	"accommodation_monthly_rent" numeric(12, 2),
	"accommodation_payment_method" text,
	"accommodation_address" text,
	"accommodation_landlord_name" text,
	"accommodation_landlord_contact" text,
	"laptop_plan" text DEFAULT 'none' NOT NULL,
	"laptop_serial_number" text,
	"laptop_monthly_deduction" numeric(12, 2),
	"laptop_inspection_date" date,
	"laptop_submission_date" date,
	"laptop_collection_date" date,
	"search_text" text GENERATED ALWAYS AS (lower(full_name || ' ' || coalesce(email, '') || ' ' || coalesce(institution_name, '') || ' ' || coalesce(chl_number, ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "allowance_comments" ADD CONSTRAINT "allowance_comments_allowance_id_allowances_id_fk" FOREIGN KEY ("allowance_id") REFERENCES "public"."allowances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowances" ADD CONSTRAINT "allowances_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowances" ADD CONSTRAINT "allowances_submitted_by_id_users_id_fk" FOREIGN KEY ("submitted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_assigned_officer_id_users_id_fk" FOREIGN KEY ("assigned_officer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allowance_comments_allowance_idx" ON "allowance_comments" USING btree ("allowance_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "allowances_one_open_per_period" ON "allowances" USING btree ("student_id","year","month_number") WHERE "allowances"."approval_stage" <> 'rejected';--> statement-breakpoint
CREATE INDEX "allowances_stage_submitted_idx" ON "allowances" USING btree ("approval_stage","submitted_date");--> statement-breakpoint
CREATE INDEX "allowances_submitted_idx" ON "allowances" USING btree ("submitted_date");--> statement-breakpoint
CREATE INDEX "allowances_student_idx" ON "allowances" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "allowances_student_name_trgm_idx" ON "allowances" USING gin (lower("student_name") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_token_hash_key" ON "auth_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_staff_id_key" ON "users" USING btree (upper("staff_id"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_auth_id_key" ON "users" USING btree ("auth_id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "activities_created_idx" ON "activities" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "activities_officer_idx" ON "activities" USING btree ("officer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "students_chl_number_key" ON "students" USING btree (upper("chl_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "students_nrc_number_key" ON "students" USING btree (upper("nrc_number"));--> statement-breakpoint
CREATE INDEX "students_officer_created_idx" ON "students" USING btree ("assigned_officer_id","created_at");--> statement-breakpoint
CREATE INDEX "students_created_idx" ON "students" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "students_email_idx" ON "students" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "students_search_trgm_idx" ON "students" USING gin ("search_text" gin_trgm_ops);