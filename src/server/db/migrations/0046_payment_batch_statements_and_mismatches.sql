CREATE TABLE "payment_batch_mismatches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"statement_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"reference_key" text NOT NULL,
	"expected_amount" numeric(12, 2),
	"paid_amount" numeric(14, 2),
	"student_name" text,
	"rows" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolved_by_id" uuid,
	"resolution_note" text,
	CONSTRAINT "payment_batch_mismatches_resolution_recorded" CHECK (("payment_batch_mismatches"."resolved_at" is null) = ("payment_batch_mismatches"."resolution_note" is null) and ("payment_batch_mismatches"."resolved_at" is null) = ("payment_batch_mismatches"."resolved_by_id" is null))
);
--> statement-breakpoint
CREATE TABLE "payment_batch_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"content_hash" text NOT NULL,
	"matched" integer NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	"imported_by" text NOT NULL,
	"imported_by_id" uuid NOT NULL,
	CONSTRAINT "payment_batch_statements_content_key" UNIQUE("batch_id","content_hash")
);
--> statement-breakpoint
ALTER TABLE "payment_batch_mismatches" ADD CONSTRAINT "payment_batch_mismatches_batch_id_payment_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payment_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batch_mismatches" ADD CONSTRAINT "payment_batch_mismatches_statement_id_payment_batch_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."payment_batch_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batch_statements" ADD CONSTRAINT "payment_batch_statements_batch_id_payment_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payment_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_batch_mismatches_batch_idx" ON "payment_batch_mismatches" USING btree ("batch_id","found_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_batch_mismatches_open_key" ON "payment_batch_mismatches" USING btree ("batch_id","kind","reference_key") WHERE "payment_batch_mismatches"."resolved_at" is null;