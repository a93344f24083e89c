CREATE TABLE "edi_control_numbers" (
	"biller_id" integer PRIMARY KEY NOT NULL,
	"last_control" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "edi_control_numbers_range" CHECK ("edi_control_numbers"."last_control" between 0 and 999999999)
);
--> statement-breakpoint
CREATE TABLE "edi_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"biller_id" integer NOT NULL,
	"control_number" integer NOT NULL,
	"purpose" text NOT NULL,
	"content_hash" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billers" ADD COLUMN "edi_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "billers" ADD COLUMN "edi_qualifier" text DEFAULT 'ZZ' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "edi_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "edi_qualifier" text DEFAULT 'ZZ' NOT NULL;--> statement-breakpoint
ALTER TABLE "edi_control_numbers" ADD CONSTRAINT "edi_control_numbers_biller_id_billers_id_fk" FOREIGN KEY ("biller_id") REFERENCES "public"."billers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edi_documents" ADD CONSTRAINT "edi_documents_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "edi_documents_invoice_idx" ON "edi_documents" USING btree ("invoice_id","id");--> statement-breakpoint
-- Files sent before control numbers were kept used the invoice number's last 9 digits (the invoice id
-- without digits): every biller's sequence starts after the highest of them, so no number is reused.
INSERT INTO "edi_control_numbers" ("biller_id", "last_control")
SELECT b."id", LEAST(999999999, COALESCE((
  SELECT max(GREATEST(i."id", COALESCE(NULLIF(right(regexp_replace(i."invoice_no", '\D', '', 'g'), 9), '')::bigint, 0)))
  FROM "invoices" i
), 0))
FROM "billers" b;
