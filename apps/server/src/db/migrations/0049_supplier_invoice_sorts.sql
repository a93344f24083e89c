-- The supplier invoice list sorts by a column through an index: the column, then date and id in the
-- sort's direction (the list's tie-break), read forwards or backwards.
CREATE INDEX "distributor_invoices_invoice_no_sort_idx" ON "distributor_invoices" USING btree ("invoice_no","date","id");--> statement-breakpoint
CREATE INDEX "distributor_invoices_purchase_sort_idx" ON "distributor_invoices" USING btree ("amount_purchase","date","id");--> statement-breakpoint
CREATE INDEX "distributor_invoices_paid_sort_idx" ON "distributor_invoices" USING btree ("amount_paid","date","id");--> statement-breakpoint
CREATE INDEX "distributor_invoices_due_sort_idx" ON "distributor_invoices" USING btree ("amount_due","date","id");--> statement-breakpoint
CREATE INDEX "distributor_invoices_status_sort_idx" ON "distributor_invoices" USING btree ("status","date","id");