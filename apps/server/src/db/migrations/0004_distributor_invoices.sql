CREATE SEQUENCE "public"."distributor_payment_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "distributor_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"date_paid" date,
	"distributor_id" integer NOT NULL,
	"invoice_no" text NOT NULL,
	"amount_purchase" integer NOT NULL,
	"amount_paid" integer DEFAULT 0 NOT NULL,
	"amount_due" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'DUE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distributor_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference_no" text NOT NULL,
	"invoice_id" integer NOT NULL,
	"date" date NOT NULL,
	"payment_type" text NOT NULL,
	"amount_paid" integer NOT NULL,
	"amount_due" integer NOT NULL,
	"cheque_no" text DEFAULT '' NOT NULL,
	"cheque_file_id" integer,
	"status" text DEFAULT 'paid' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distributor_payments_reference_no_unique" UNIQUE("reference_no")
);
--> statement-breakpoint
ALTER TABLE "distributor_invoices" ADD CONSTRAINT "distributor_invoices_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_payments" ADD CONSTRAINT "distributor_payments_invoice_id_distributor_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."distributor_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_payments" ADD CONSTRAINT "distributor_payments_cheque_file_id_files_id_fk" FOREIGN KEY ("cheque_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_payments" ADD CONSTRAINT "distributor_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "distributor_invoices_date_idx" ON "distributor_invoices" USING btree ("date");--> statement-breakpoint
CREATE INDEX "distributor_invoices_distributor_idx" ON "distributor_invoices" USING btree ("distributor_id");--> statement-breakpoint
CREATE INDEX "distributor_payments_invoice_idx" ON "distributor_payments" USING btree ("invoice_id");