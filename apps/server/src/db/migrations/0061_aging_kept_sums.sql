-- The aging report grouped every DUE invoice per customer on each call (17,876 into 12,345
-- customers at 200,000 invoices: 25 ms of SQL). As of today, with no search, the DUE invoices and
-- balance kept per customer (report_customer_totals, status 'DUE') give its row count and its
-- orders by total, open invoices and customer id; only the page's customers are then bucketed
-- (docs/receivables.md, "Speed"). Each order has an index over the DUE rows with invoices: most
-- owed first (read backwards; the name sorts the ties), and the open invoices either way with the
-- total most owed first among them.
CREATE INDEX IF NOT EXISTS report_customer_totals_due_balance_idx ON report_customer_totals (balance, customer_id)
  INCLUDE (invoices) WHERE status = 'DUE' AND invoices > 0;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS report_customer_totals_due_open_idx ON report_customer_totals (invoices, balance DESC, customer_id)
  WHERE status = 'DUE' AND invoices > 0;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS report_customer_totals_due_open_desc_idx ON report_customer_totals (invoices DESC, balance DESC, customer_id)
  WHERE status = 'DUE' AND invoices > 0;
--> statement-breakpoint
-- The report's row count, the customers with DUE invoices, kept as report_customer_count keeps the
-- others' (counting the 12,345 rows took 2 ms of every call). Only the roll-ups' fold writes
-- report_customer_totals (one folder at a time), so statement triggers on it move the count by the
-- rows each statement took into or out of "DUE with invoices".
CREATE TABLE "report_due_customer_count" (
  "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
  "customers" bigint NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION report_due_customer_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    d := d + (SELECT count(*) FROM new_rows WHERE status = 'DUE' AND invoices > 0);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    d := d - (SELECT count(*) FROM old_rows WHERE status = 'DUE' AND invoices > 0);
  END IF;
  IF d <> 0 THEN
    UPDATE report_due_customer_count SET customers = customers + d;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_due_customer_count_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_due_customer_count SET customers = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- No fold between the count and the triggers (the migration is one transaction).
LOCK TABLE report_customer_totals IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO report_due_customer_count (customers)
SELECT count(*) FROM report_customer_totals WHERE status = 'DUE' AND invoices > 0;
--> statement-breakpoint
CREATE TRIGGER report_due_customer_count_insert AFTER INSERT ON report_customer_totals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_due_customer_count_apply();
--> statement-breakpoint
CREATE TRIGGER report_due_customer_count_update AFTER UPDATE ON report_customer_totals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_due_customer_count_apply();
--> statement-breakpoint
CREATE TRIGGER report_due_customer_count_delete AFTER DELETE ON report_customer_totals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_due_customer_count_apply();
--> statement-breakpoint
CREATE TRIGGER report_due_customer_count_truncate AFTER TRUNCATE ON report_customer_totals
  FOR EACH STATEMENT EXECUTE FUNCTION report_due_customer_count_truncate();
