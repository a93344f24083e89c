-- My Report and the Customer Summary over a period (or a status) grouped every customer's monthly
-- roll-up rows before their first page (36 months at 200,000 invoices: ~130,000 rows, twice per
-- call, 250 ms). Their default page now walks customers in name order and sums each one's own
-- rows, read by customer and month; the row count is the distinct customers among the rows with
-- invoices, read from the second index alone (reports-rollup.repository.ts).
CREATE INDEX "report_party_months_customer_idx" ON "report_party_months" ("customer_id", "month");
--> statement-breakpoint
CREATE INDEX "report_party_months_invoiced_idx" ON "report_party_months" ("month", "customer_id") WHERE "invoices" > 0;
