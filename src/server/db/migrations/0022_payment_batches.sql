CREATE TABLE "payment_batch_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"allowance_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"paid_at" timestamp with time zone,
	"reconciled_at" timestamp with time zone,
	CONSTRAINT "payment_batch_items_line_key" UNIQUE("batch_id","line"),
	CONSTRAINT "payment_batch_items_amount_not_negative" CHECK ("payment_batch_items"."amount" >= 0),
	CONSTRAINT "payment_batch_items_reconciled_recorded" CHECK ("payment_batch_items"."status" <> 'reconciled' or "payment_batch_items"."reconciled_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "payment_batch_numbers" (
	"period" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"month" text,
	"year" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"allowance_count" integer DEFAULT 0 NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_by_id" uuid,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"exported_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"paid_date" date,
	"paid_by" text,
	"paid_by_id" uuid,
	"reconciled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_batches_reference_key" UNIQUE("reference"),
	CONSTRAINT "payment_batches_period_whole" CHECK (("payment_batches"."month" is null) = ("payment_batches"."year" is null)),
	CONSTRAINT "payment_batches_exported_recorded" CHECK ("payment_batches"."status" <> 'exported' or "payment_batches"."exported_at" is not null),
	CONSTRAINT "payment_batches_payment_recorded" CHECK ("payment_batches"."status" not in ('paid', 'reconciled') or ("payment_batches"."paid_at" is not null and "payment_batches"."paid_date" is not null and "payment_batches"."paid_by" is not null and "payment_batches"."paid_by_id" is not null)),
	CONSTRAINT "payment_batches_reconciliation_recorded" CHECK ("payment_batches"."status" <> 'reconciled' or "payment_batches"."reconciled_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "payment_batch_items" ADD CONSTRAINT "payment_batch_items_batch_id_payment_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payment_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batch_items" ADD CONSTRAINT "payment_batch_items_allowance_id_allowances_id_fk" FOREIGN KEY ("allowance_id") REFERENCES "public"."allowances"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_batch_items_allowance_key" ON "payment_batch_items" USING btree ("allowance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_batch_items_reference_key" ON "payment_batch_items" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payment_batches_created_idx" ON "payment_batches" USING btree ("created_at","id");--> statement-breakpoint
-- A batch's total and allowance_count are its items' sum and count (docs/product.md D20), kept by
-- statement-level triggers with transition tables in the writing transaction: a batch of 5,000
-- items costs one aggregate. Each batch is shifted by the change (not recomputed), in id order, so
-- two transactions writing items of the same batches lock them in the same order, and a write that
-- waited for another's lock adds to the total that one left.
CREATE FUNCTION payment_batch_totals_shift(batch uuid, n bigint, amount numeric) RETURNS void
LANGUAGE sql AS $$
  UPDATE payment_batches
     SET allowance_count = allowance_count + n, total = total + amount
   WHERE id = batch;
$$;
--> statement-breakpoint
CREATE FUNCTION payment_batch_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM payment_batch_totals_shift(batch_id, n, amount)
       FROM (SELECT batch_id, count(*) AS n, sum(amount) AS amount
               FROM new_rows GROUP BY 1 ORDER BY 1) AS changes;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM payment_batch_totals_shift(batch_id, -n, -amount)
       FROM (SELECT batch_id, count(*) AS n, sum(amount) AS amount
               FROM old_rows GROUP BY 1 ORDER BY 1) AS changes;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM payment_batch_totals_shift(batch_id, n, amount)
       FROM (SELECT batch_id, sum(n) AS n, sum(amount) AS amount
               FROM (SELECT batch_id, 1 AS n, amount FROM new_rows
                     UNION ALL
                     SELECT batch_id, -1, -amount FROM old_rows) AS rows
              GROUP BY batch_id
             HAVING sum(n) <> 0 OR sum(amount) <> 0
              ORDER BY batch_id) AS changes;
  ELSE -- TRUNCATE
    UPDATE payment_batches SET allowance_count = 0, total = 0 WHERE allowance_count <> 0 OR total <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER payment_batch_totals_insert AFTER INSERT ON payment_batch_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_batch_totals_apply();
--> statement-breakpoint
CREATE TRIGGER payment_batch_totals_update AFTER UPDATE ON payment_batch_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payment_batch_totals_apply();
--> statement-breakpoint
CREATE TRIGGER payment_batch_totals_delete AFTER DELETE ON payment_batch_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_batch_totals_apply();
--> statement-breakpoint
CREATE TRIGGER payment_batch_totals_truncate AFTER TRUNCATE ON payment_batch_items
  FOR EACH STATEMENT EXECUTE FUNCTION payment_batch_totals_apply();
--> statement-breakpoint
-- The guard: whatever writes a batch's total or count (the trigger above, a script, psql), the
-- values must be its items' sum and count, read afresh, or the write is refused. A new batch
-- therefore starts at 0 with no items. Named like a CHECK so the API can answer it by name.
CREATE FUNCTION payment_batches_total_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actual_count bigint;
  actual_total numeric;
BEGIN
  SELECT count(*), coalesce(sum(amount), 0) INTO actual_count, actual_total
    FROM payment_batch_items WHERE batch_id = NEW.id;
  IF NEW.allowance_count IS DISTINCT FROM actual_count OR NEW.total IS DISTINCT FROM actual_total THEN
    RAISE EXCEPTION USING
      ERRCODE = 'check_violation',
      CONSTRAINT = 'payment_batches_total_is_sum_of_items',
      MESSAGE = format('Payment batch %s: total %s and allowance_count %s must be its items'' sum %s and count %s.',
        NEW.reference, NEW.total, NEW.allowance_count, actual_total, actual_count);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER payment_batches_total_guard BEFORE INSERT OR UPDATE OF id, total, allowance_count ON payment_batches
  FOR EACH ROW EXECUTE FUNCTION payment_batches_total_guard();
