CREATE TABLE "route_visits" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"customer_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"state" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "route_visits_user_id_day_customer_id_pk" PRIMARY KEY("user_id","day","customer_id")
);
--> statement-breakpoint
ALTER TABLE "route_visits" ADD CONSTRAINT "route_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_visits" ADD CONSTRAINT "route_visits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "route_visits_day_idx" ON "route_visits" USING btree ("day");--> statement-breakpoint
CREATE INDEX "invoices_device_date_idx" ON "invoices" USING btree ("date","device_id") WHERE "invoices"."device_id" is not null;--> statement-breakpoint
-- A customer's open balance (the sum of their DUE invoices' balances: the credit limit, the
-- driver's stops, the receivables) read from this index alone, whatever the other statistics say.
CREATE INDEX IF NOT EXISTS "invoices_due_customer_idx" ON "invoices" ("customer_id") INCLUDE ("balance") WHERE "status" = 'DUE';
