CREATE TABLE "payment_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"bank_name" text,
	"bank_branch" text,
	"account_number" text,
	"account_name" text,
	"provider" text,
	"wallet_number" text,
	"wallet_name" text,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"ended_at" timestamp with time zone,
	"ended_by" uuid,
	"end_reason" text,
	"replaced_by_id" uuid,
	CONSTRAINT "payment_channels_kind_fields" CHECK (("payment_channels"."kind" = 'bank' and "payment_channels"."bank_name" is not null and "payment_channels"."account_number" is not null and "payment_channels"."account_name" is not null
            and "payment_channels"."provider" is null and "payment_channels"."wallet_number" is null)
       or ("payment_channels"."kind" = 'mobile_wallet' and "payment_channels"."provider" is not null and "payment_channels"."wallet_number" is not null and "payment_channels"."wallet_name" is not null
            and "payment_channels"."bank_name" is null and "payment_channels"."account_number" is null)),
	CONSTRAINT "payment_channels_end_recorded" CHECK (("payment_channels"."ended_at" is null and "payment_channels"."end_reason" is null) or ("payment_channels"."ended_at" is not null and "payment_channels"."end_reason" is not null and not "payment_channels"."is_primary"))
);
--> statement-breakpoint
ALTER TABLE "payment_channels" ADD CONSTRAINT "payment_channels_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_channels" ADD CONSTRAINT "payment_channels_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_channels" ADD CONSTRAINT "payment_channels_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_channels" ADD CONSTRAINT "payment_channels_replaced_by_id_payment_channels_id_fk" FOREIGN KEY ("replaced_by_id") REFERENCES "public"."payment_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_channels_student_idx" ON "payment_channels" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_channels_one_primary" ON "payment_channels" USING btree ("student_id") WHERE "payment_channels"."is_primary" and "payment_channels"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_channels_active_wallet" ON "payment_channels" USING btree ("provider","wallet_number") WHERE "payment_channels"."kind" = 'mobile_wallet' and "payment_channels"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_channels_active_account" ON "payment_channels" USING btree (lower("bank_name"),"account_number") WHERE "payment_channels"."kind" = 'bank' and "payment_channels"."ended_at" is null;