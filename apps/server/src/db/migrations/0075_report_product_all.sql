-- The Product and Damaged Goods Reports as they open (all history, every status) regrouped the
-- all-history totals per product: ~7,000 rows (a row per status, kind, barcode and name) into
-- 1,160 products at 200,000 invoices, 9-11 ms of SQL on every page, sort and search of the two
-- reports a user opens first.
--
-- report_product_all keeps those figures per product over every status: kind 'S' the Product
-- Report's lines (sales and resellable returns, the roll-ups' kinds 'S' and 'R'), kind 'D' the
-- Damaged Goods Report's (damaged returns). One row per (kind, barcode, name): the reports read
-- their rows with no grouping. Kept by statement triggers on report_product_months, as the
-- yearly and all-history tables are: each fold's change (new rows minus old) added on, in key
-- order, by the one folder (no new lock order for writers).
CREATE TABLE "report_product_all" (
  "kind" text NOT NULL,
  "barcode" text NOT NULL,
  "product_name" text NOT NULL,
  "lines" bigint NOT NULL,
  "quantity" bigint NOT NULL,
  "cost" bigint NOT NULL,
  "subtotal" bigint NOT NULL,
  PRIMARY KEY ("kind", "barcode", "product_name")
);
--> statement-breakpoint
CREATE FUNCTION report_product_all_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
  INSERT INTO report_product_all AS t
  SELECT * FROM (
    SELECT CASE WHEN u.kind = 'D' THEN 'D' ELSE 'S' END AS kind, u.barcode, u.product_name, sum(u.lines)::bigint AS lines,
      sum(u.quantity)::bigint AS quantity, sum(u.cost)::bigint AS cost, sum(u.subtotal)::bigint AS subtotal
    FROM unnest(d) u GROUP BY 1, 2, 3
  ) s
  WHERE s.lines <> 0 OR s.quantity <> 0 OR s.cost <> 0 OR s.subtotal <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ("kind", "barcode", "product_name") DO UPDATE SET
    lines = t.lines + excluded.lines, quantity = t.quantity + excluded.quantity,
    cost = t.cost + excluded.cost, subtotal = t.subtotal + excluded.subtotal;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_product_all_insert AFTER INSERT ON report_product_months REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_product_all_apply();
--> statement-breakpoint
CREATE TRIGGER report_product_all_update AFTER UPDATE ON report_product_months
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_product_all_apply();
--> statement-breakpoint
CREATE TRIGGER report_product_all_delete AFTER DELETE ON report_product_months REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_product_all_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollups_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE report_product_months, report_party_months, report_product_totals, report_customer_totals,
    report_biller_totals, report_customer_all, report_product_month_deltas, report_party_month_deltas,
    report_product_id_months, report_product_id_month_deltas, report_biller_months, report_product_years,
    report_product_weeks, report_product_id_weeks, report_product_all;
  UPDATE report_customer_count SET customers = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- No fold between the sums below and the triggers (the migration is one transaction).
LOCK TABLE report_product_months IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO report_product_all
SELECT * FROM (
  SELECT CASE WHEN kind = 'D' THEN 'D' ELSE 'S' END AS kind, barcode, product_name, sum(lines)::bigint AS lines,
    sum(quantity)::bigint AS quantity, sum(cost)::bigint AS cost, sum(subtotal)::bigint AS subtotal
  FROM report_product_months GROUP BY 1, 2, 3
) s
WHERE s.lines <> 0 OR s.quantity <> 0 OR s.cost <> 0 OR s.subtotal <> 0
ORDER BY 1, 2, 3;
--> statement-breakpoint
ANALYZE report_product_all;
