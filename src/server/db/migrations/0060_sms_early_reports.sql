CREATE TABLE "sms_early_reports" (
	"gateway_message_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_early_reports_status" CHECK ("sms_early_reports"."status" in ('delivered', 'failed'))
);
