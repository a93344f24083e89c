-- Credit limit per customer (issue 14, docs/receivables.md "Credit limit"): cents, 0 = no limit.
-- The partial index holds only customers with a limit, where the list's "over their limit" filter starts.
ALTER TABLE "customers" ADD COLUMN "credit_limit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_credit_limit_idx" ON "customers" USING btree ("id") WHERE "customers"."credit_limit" > 0;