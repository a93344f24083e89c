-- Aging reads each customer's name from its open invoices' customer_sort (the customer's company,
-- kept by 0041's triggers), so the report groups and pages the DUE invoices alone, without joining
-- every customer before the page: the name joins the index's columns so the read stays index-only.
DROP INDEX IF EXISTS invoices_due_aging_idx;--> statement-breakpoint
CREATE INDEX invoices_due_aging_idx ON invoices (date) INCLUDE (customer_id, balance, customer_sort) WHERE status = 'DUE';
