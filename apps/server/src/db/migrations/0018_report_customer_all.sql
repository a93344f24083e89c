-- My Report and the Customer Summary without a status (their default) summed the all-history
-- (status, customer) rows of 0014: ~39,000 rows grouped per request at 200,000 invoices,
-- 130-300 ms (issue 12, docs/reports.md "Performance"). report_customer_all keeps the same sums
-- per customer over every counted status, carried by the party-month trigger of 0015 with the
-- other totals (grouped per statement, in key order). The report's default page walks
-- customers in name order (customers_company_id_idx) and reads these rows by key.
CREATE TABLE "report_customer_all" (
  "customer_id" integer PRIMARY KEY,
  "invoices" bigint NOT NULL DEFAULT 0,
  "award_points" bigint NOT NULL DEFAULT 0,
  "paid" bigint NOT NULL DEFAULT 0,
  "discount" bigint NOT NULL DEFAULT 0,
  "balance" bigint NOT NULL DEFAULT 0,
  "amount" bigint NOT NULL DEFAULT 0,
  "cost" bigint NOT NULL DEFAULT 0,
  "selling" bigint NOT NULL DEFAULT 0,
  "resellable" bigint NOT NULL DEFAULT 0,
  "damaged" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE INDEX "customers_company_id_idx" ON "customers" ("company", "id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_party_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
  INSERT INTO report_customer_all AS t
  SELECT u.customer_id, sum(u.invoices), sum(u.award_points), sum(u.paid), sum(u.discount), sum(u.balance),
    sum(u.amount), sum(u.cost), sum(u.selling), sum(u.resellable), sum(u.damaged)
  FROM unnest(d) u GROUP BY 1 ORDER BY 1
  ON CONFLICT ("customer_id") DO UPDATE SET
    invoices = t.invoices + excluded.invoices, award_points = t.award_points + excluded.award_points,
    paid = t.paid + excluded.paid, discount = t.discount + excluded.discount, balance = t.balance + excluded.balance,
    amount = t.amount + excluded.amount, cost = t.cost + excluded.cost, selling = t.selling + excluded.selling,
    resellable = t.resellable + excluded.resellable, damaged = t.damaged + excluded.damaged;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollups_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE report_product_months, report_party_months, report_product_totals, report_customer_totals,
    report_biller_totals, report_customer_all;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO report_customer_all
SELECT customer_id, sum(invoices), sum(award_points), sum(paid), sum(discount), sum(balance), sum(amount), sum(cost),
  sum(selling), sum(resellable), sum(damaged)
FROM report_customer_totals GROUP BY 1;
--> statement-breakpoint
-- product/filter (the scan lookup, the pickers): after the exact code hits, the products whose
-- name or barcode contains the text, through trigram indexes instead of ILIKE on every product.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS products_name_trgm_idx ON products USING gin (name gin_trgm_ops) WITH (fastupdate = off);
    CREATE INDEX IF NOT EXISTS products_barcode_trgm_idx ON products USING gin (barcode gin_trgm_ops)
      WITH (fastupdate = off);
  END IF;
END $$;
