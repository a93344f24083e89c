-- The all-history totals of 0014 carried once per statement instead of once per changed
-- month row (a seeder batch of 2,000 invoices changes ~15,000 product-month rows), grouped
-- and in key order like the other roll-ups (no deadlocks between two statements).
DROP TRIGGER report_product_totals ON report_product_months;
--> statement-breakpoint
DROP TRIGGER report_party_totals ON report_party_months;
--> statement-breakpoint
DROP FUNCTION report_product_totals_apply();
--> statement-breakpoint
DROP FUNCTION report_party_totals_apply();
--> statement-breakpoint
CREATE FUNCTION report_product_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
  INSERT INTO report_product_totals AS t
  SELECT u.status, u.kind, u.barcode, u.product_name, sum(u.lines), sum(u.quantity), sum(u.cost), sum(u.subtotal)
  FROM unnest(d) u GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("status", "kind", "barcode", "product_name") DO UPDATE SET
    lines = t.lines + excluded.lines, quantity = t.quantity + excluded.quantity,
    cost = t.cost + excluded.cost, subtotal = t.subtotal + excluded.subtotal;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_product_totals_insert AFTER INSERT ON report_product_months REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_product_totals_apply();
--> statement-breakpoint
CREATE TRIGGER report_product_totals_update AFTER UPDATE ON report_product_months
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_product_totals_apply();
--> statement-breakpoint
CREATE TRIGGER report_product_totals_delete AFTER DELETE ON report_product_months REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_product_totals_apply();
--> statement-breakpoint
-- The party-month rows' change (new minus old) onto their customers' and their billers' totals.
CREATE FUNCTION report_party_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d report_party_months[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(r) INTO d FROM new_rows r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(month, status, customer_id, biller_id, -invoices, -award_points, -paid, -discount, -balance,
      -amount, -cost, -selling, -resellable, -damaged)::report_party_months) INTO d FROM old_rows;
  ELSE
    SELECT array_agg(r) INTO d FROM (
      SELECT * FROM new_rows
      UNION ALL
      SELECT month, status, customer_id, biller_id, -invoices, -award_points, -paid, -discount, -balance, -amount,
        -cost, -selling, -resellable, -damaged FROM old_rows
    ) r;
  END IF;
  INSERT INTO report_customer_totals AS t
  SELECT u.status, u.customer_id, sum(u.invoices), sum(u.award_points), sum(u.paid), sum(u.discount), sum(u.balance),
    sum(u.amount), sum(u.cost), sum(u.selling), sum(u.resellable), sum(u.damaged)
  FROM unnest(d) u GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("status", "customer_id") DO UPDATE SET
    invoices = t.invoices + excluded.invoices, award_points = t.award_points + excluded.award_points,
    paid = t.paid + excluded.paid, discount = t.discount + excluded.discount, balance = t.balance + excluded.balance,
    amount = t.amount + excluded.amount, cost = t.cost + excluded.cost, selling = t.selling + excluded.selling,
    resellable = t.resellable + excluded.resellable, damaged = t.damaged + excluded.damaged;
  INSERT INTO report_biller_totals AS t
  SELECT u.status, u.biller_id, sum(u.invoices), sum(u.award_points), sum(u.paid), sum(u.discount), sum(u.balance),
    sum(u.amount), sum(u.cost), sum(u.selling), sum(u.resellable), sum(u.damaged)
  FROM unnest(d) u GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("status", "biller_id") DO UPDATE SET
    invoices = t.invoices + excluded.invoices, award_points = t.award_points + excluded.award_points,
    paid = t.paid + excluded.paid, discount = t.discount + excluded.discount, balance = t.balance + excluded.balance,
    amount = t.amount + excluded.amount, cost = t.cost + excluded.cost, selling = t.selling + excluded.selling,
    resellable = t.resellable + excluded.resellable, damaged = t.damaged + excluded.damaged;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_party_totals_insert AFTER INSERT ON report_party_months REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_party_totals_apply();
--> statement-breakpoint
CREATE TRIGGER report_party_totals_update AFTER UPDATE ON report_party_months
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_party_totals_apply();
--> statement-breakpoint
CREATE TRIGGER report_party_totals_delete AFTER DELETE ON report_party_months REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_party_totals_apply();
