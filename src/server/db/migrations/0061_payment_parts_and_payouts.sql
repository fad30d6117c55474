CREATE TABLE "payment_batch_held" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"allowance_id" uuid NOT NULL,
	"student_name" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "payment_batch_held_key" UNIQUE("batch_id","allowance_id")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"reference" uuid NOT NULL,
	"provider" text NOT NULL,
	"payment_channel_id" uuid NOT NULL,
	"msisdn" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"operator_transaction_id" text,
	"reason" text,
	"started_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"due_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"checks" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone,
	"resolved_by_id" uuid,
	"resolved_by" text,
	"resolution_note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_reference_key" UNIQUE("reference"),
	CONSTRAINT "payouts_attempt_key" UNIQUE("item_id","attempt"),
	CONSTRAINT "payouts_attempt_positive" CHECK ("payouts"."attempt" >= 1),
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount" > 0),
	CONSTRAINT "payouts_success_recorded" CHECK ("payouts"."status" <> 'successful' or ("payouts"."operator_transaction_id" is not null and "payouts"."finished_at" is not null)),
	CONSTRAINT "payouts_sent_recorded" CHECK ("payouts"."status" = 'queued' or "payouts"."sent_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "payment_batch_items" ADD COLUMN "student_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_batch_items" ADD COLUMN "year" integer;--> statement-breakpoint
ALTER TABLE "payment_batch_items" ADD COLUMN "month_number" integer;--> statement-breakpoint
ALTER TABLE "payment_batch_items" ADD COLUMN "channel" text;--> statement-breakpoint
-- Items batched before parts existed went to the bank; their student and period are their allowance's.
UPDATE "payment_batch_items" i SET "student_id" = a."student_id", "year" = a."year", "month_number" = a."month_number", "channel" = 'bank'
  FROM "allowances" a WHERE a."id" = i."allowance_id";--> statement-breakpoint
ALTER TABLE "payment_batch_items" ALTER COLUMN "student_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_batch_items" ALTER COLUMN "year" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_batch_items" ALTER COLUMN "month_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_batch_items" ALTER COLUMN "channel" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_batch_items" ADD COLUMN "payment_channel_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_batch_items" ADD COLUMN "transaction_id" text;--> statement-breakpoint
ALTER TABLE "payment_batch_items" ADD COLUMN "portal_exported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_batch_held" ADD CONSTRAINT "payment_batch_held_batch_id_payment_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payment_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batch_held" ADD CONSTRAINT "payment_batch_held_allowance_id_allowances_id_fk" FOREIGN KEY ("allowance_id") REFERENCES "public"."allowances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_id_payment_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payment_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_item_id_payment_batch_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."payment_batch_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_payment_channel_id_payment_channels_id_fk" FOREIGN KEY ("payment_channel_id") REFERENCES "public"."payment_channels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_started_by_id_users_id_fk" FOREIGN KEY ("started_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_live_attempt" ON "payouts" USING btree ("item_id") WHERE "payouts"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "payouts_due_idx" ON "payouts" USING btree ("due_at") WHERE "payouts"."status" in ('queued', 'sending', 'unconfirmed', 'pending');--> statement-breakpoint
CREATE INDEX "payouts_batch_idx" ON "payouts" USING btree ("batch_id","created_at");--> statement-breakpoint
ALTER TABLE "payment_batch_items" ADD CONSTRAINT "payment_batch_items_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batch_items" ADD CONSTRAINT "payment_batch_items_payment_channel_id_payment_channels_id_fk" FOREIGN KEY ("payment_channel_id") REFERENCES "public"."payment_channels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_batch_items_student_month_key" ON "payment_batch_items" USING btree ("student_id","year","month_number");--> statement-breakpoint
CREATE INDEX "payment_batch_items_channel_idx" ON "payment_batch_items" USING btree ("payment_channel_id");--> statement-breakpoint
ALTER TABLE "payment_batch_items" ADD CONSTRAINT "payment_batch_items_wallet_named" CHECK ("payment_batch_items"."channel" = 'bank' or "payment_batch_items"."payment_channel_id" is not null);