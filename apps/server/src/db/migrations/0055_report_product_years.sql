-- The monthly product roll-up summed per year. A year of the product reports or of the
-- dashboard's product cards read twelve months of ~4,000 rows each (at 200,000 invoices: 47,000
-- rows regrouped per product, 20-35 ms); a year's rows are about as many as one month's. A
-- period's whole years are read here and its other whole months from the monthly table
-- (splitYears in db/rollups.ts). Kept by statement triggers on report_product_months, as its
-- all-history totals are: each fold's change (new rows minus old) added on, in key order.
CREATE TABLE "report_product_years" (
  "year" date NOT NULL,
  "status" text NOT NULL,
  "barcode" text NOT NULL,
  "product_name" text NOT NULL,
  "kind" text NOT NULL,
  "lines" bigint DEFAULT 0 NOT NULL,
  "quantity" bigint DEFAULT 0 NOT NULL,
  "cost" bigint DEFAULT 0 NOT NULL,
  "subtotal" bigint DEFAULT 0 NOT NULL,
  PRIMARY KEY ("year", "status", "kind", "barcode", "product_name")
);
--> statement-breakpoint
CREATE FUNCTION report_product_years_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d report_product_months[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(r) INTO d FROM new_rows r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(month, status, barcode, product_name, kind, -lines, -quantity, -cost, -subtotal)::report_product_months)
    INTO d FROM old_rows;
  ELSE
    SELECT array_agg(r) INTO d FROM (
      SELECT * FROM new_rows
      UNION ALL
      SELECT month, status, barcode, product_name, kind, -lines, -quantity, -cost, -subtotal FROM old_rows
    ) r;
  END IF;
  IF d IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO report_product_years AS t
  SELECT date_trunc('year', u.month)::date, u.status, u.barcode, u.product_name, u.kind, sum(u.lines), sum(u.quantity),
    sum(u.cost), sum(u.subtotal)
  FROM unnest(d) u GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 5, 3, 4
  ON CONFLICT ("year", "status", "kind", "barcode", "product_name") DO UPDATE SET
    lines = t.lines + excluded.lines, quantity = t.quantity + excluded.quantity,
    cost = t.cost + excluded.cost, subtotal = t.subtotal + excluded.subtotal;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_product_years_insert AFTER INSERT ON report_product_months REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_product_years_apply();
--> statement-breakpoint
CREATE TRIGGER report_product_years_update AFTER UPDATE ON report_product_months
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_product_years_apply();
--> statement-breakpoint
CREATE TRIGGER report_product_years_delete AFTER DELETE ON report_product_months REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_product_years_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollups_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE report_product_months, report_party_months, report_product_totals, report_customer_totals,
    report_biller_totals, report_customer_all, report_product_month_deltas, report_party_month_deltas,
    report_product_id_months, report_product_id_month_deltas, report_biller_months, report_product_years;
  UPDATE report_customer_count SET customers = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- No fold between the sums below and the triggers (the migration is one transaction).
LOCK TABLE report_product_months IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO report_product_years
SELECT date_trunc('year', month)::date, status, barcode, product_name, kind, sum(lines), sum(quantity), sum(cost),
  sum(subtotal)
FROM report_product_months GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 5, 3, 4;
