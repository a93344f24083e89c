CREATE TABLE "device_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer,
	"user_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_proofs" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"received_by" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"signature_file_id" integer NOT NULL,
	"latitude" double precision,
	"longitude" double precision
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "printed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_flags" ADD CONSTRAINT "device_flags_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_flags" ADD CONSTRAINT "device_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_flags" ADD CONSTRAINT "device_flags_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_proofs" ADD CONSTRAINT "invoice_proofs_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_proofs" ADD CONSTRAINT "invoice_proofs_signature_file_id_files_id_fk" FOREIGN KEY ("signature_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_flags_open_idx" ON "device_flags" USING btree ("created_at") WHERE "device_flags"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "device_flags_invoice_idx" ON "device_flags" USING btree ("invoice_id");