CREATE INDEX "invoices_other_numbers_idx" ON "invoices" USING btree ("id") WHERE "invoices"."invoice_no" not ilike 'Invoice/%';--> statement-breakpoint
-- The list's date order, now also holding status and type: a period's invoices by status (the
-- dashboard, the reports) are read from this index alone, where the planner would otherwise scan
-- a sort index of (status, date, id) whole for its covering columns.
CREATE INDEX "invoices_date_id_cover_idx" ON "invoices" ("date", "id") INCLUDE ("status", "type");--> statement-breakpoint
DROP INDEX "invoices_date_id_idx";
