CREATE TABLE "institutions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"liaison_name" text NOT NULL,
	"liaison_role" text,
	"cell_line" text,
	"institution_direct_line" text,
	"institution_name" text NOT NULL,
	"department" text,
	"liaison_email" text,
	"institution_email" text,
	"geolocation" text,
	"mou_signed" boolean DEFAULT false NOT NULL,
	"comments" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "landlords" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"boarding_house_name" text NOT NULL,
	"cell_line" text,
	"landline" text,
	"address" text,
	"email" text,
	"geolocation" text,
	"total_students" integer DEFAULT 0 NOT NULL,
	"lease_agreement_signed" boolean DEFAULT false NOT NULL,
	"comments" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "landlords_total_students_check" CHECK ("landlords"."total_students" >= 0)
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "institution_id" uuid;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "landlord_id" uuid;--> statement-breakpoint
CREATE INDEX "institutions_created_idx" ON "institutions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "landlords_created_idx" ON "landlords" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "students_landlord_idx" ON "students" USING btree ("landlord_id");--> statement-breakpoint
CREATE INDEX "students_institution_idx" ON "students" USING btree ("institution_id");