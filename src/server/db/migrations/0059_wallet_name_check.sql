ALTER TABLE "payment_channels" ADD COLUMN "name_check" text DEFAULT 'unchecked' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_channels" ADD COLUMN "operator_name" text;--> statement-breakpoint
ALTER TABLE "payment_channels" ADD COLUMN "name_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_channels" ADD COLUMN "name_checked_by" uuid;--> statement-breakpoint
ALTER TABLE "payment_channels" ADD COLUMN "name_check_note" text;--> statement-breakpoint
ALTER TABLE "payment_channels" ADD CONSTRAINT "payment_channels_name_checked_by_users_id_fk" FOREIGN KEY ("name_checked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_channels" ADD CONSTRAINT "payment_channels_name_check_recorded" CHECK ("payment_channels"."name_check" in ('unchecked', 'matched', 'mismatch', 'confirmed')
       and ("payment_channels"."name_check" = 'unchecked' or ("payment_channels"."kind" = 'mobile_wallet' and "payment_channels"."name_checked_at" is not null)));