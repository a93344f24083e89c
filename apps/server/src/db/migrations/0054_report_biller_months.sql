-- The monthly party roll-up per biller alone. Over a period, the Biller Report grouped every
-- customer's monthly rows into its few billers (36 months at 200,000 invoices: 130,000 rows,
-- 100 ms), and My Report's and the Customer Summary's footers summed the same rows. Per month,
-- status and biller there are a few dozen rows a month. Kept by statement triggers on
-- report_party_months, as its all-history totals are: each fold's change (new rows minus old)
-- added on, in key order.
CREATE TABLE "report_biller_months" (
  "month" date NOT NULL,
  "status" text NOT NULL,
  "biller_id" integer NOT NULL,
  "invoices" bigint DEFAULT 0 NOT NULL,
  "award_points" bigint DEFAULT 0 NOT NULL,
  "paid" bigint DEFAULT 0 NOT NULL,
  "discount" bigint DEFAULT 0 NOT NULL,
  "balance" bigint DEFAULT 0 NOT NULL,
  "amount" bigint DEFAULT 0 NOT NULL,
  "cost" bigint DEFAULT 0 NOT NULL,
  "selling" bigint DEFAULT 0 NOT NULL,
  "resellable" bigint DEFAULT 0 NOT NULL,
  "damaged" bigint DEFAULT 0 NOT NULL,
  PRIMARY KEY ("month", "status", "biller_id")
);
--> statement-breakpoint
-- The change of a statement on report_party_months (its new rows, less its old ones) per month,
-- status and biller.
CREATE FUNCTION report_biller_months_add(d report_party_months[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_biller_months AS t
  SELECT u.month, u.status, u.biller_id, sum(u.invoices), sum(u.award_points), sum(u.paid), sum(u.discount),
    sum(u.balance), sum(u.amount), sum(u.cost), sum(u.selling), sum(u.resellable), sum(u.damaged)
  FROM unnest(d) u GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ("month", "status", "biller_id") DO UPDATE SET
    invoices = t.invoices + excluded.invoices, award_points = t.award_points + excluded.award_points,
    paid = t.paid + excluded.paid, discount = t.discount + excluded.discount, balance = t.balance + excluded.balance,
    amount = t.amount + excluded.amount, cost = t.cost + excluded.cost, selling = t.selling + excluded.selling,
    resellable = t.resellable + excluded.resellable, damaged = t.damaged + excluded.damaged;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_biller_months_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d report_party_months[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(r) INTO d FROM new_rows r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(month, status, customer_id, biller_id, -invoices, -award_points, -paid, -discount, -balance, -amount, -cost,
        -selling, -resellable, -damaged)::report_party_months)
    INTO d FROM old_rows;
  ELSE
    SELECT array_agg(r) INTO d FROM (
      SELECT * FROM new_rows
      UNION ALL
      SELECT month, status, customer_id, biller_id, -invoices, -award_points, -paid, -discount, -balance, -amount, -cost,
        -selling, -resellable, -damaged FROM old_rows
    ) r;
  END IF;
  IF d IS NOT NULL THEN
    PERFORM report_biller_months_add(d);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_biller_months_insert AFTER INSERT ON report_party_months REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_biller_months_apply();
--> statement-breakpoint
CREATE TRIGGER report_biller_months_update AFTER UPDATE ON report_party_months
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_biller_months_apply();
--> statement-breakpoint
CREATE TRIGGER report_biller_months_delete AFTER DELETE ON report_party_months REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_biller_months_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollups_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE report_product_months, report_party_months, report_product_totals, report_customer_totals,
    report_biller_totals, report_customer_all, report_product_month_deltas, report_party_month_deltas,
    report_product_id_months, report_product_id_month_deltas, report_biller_months;
  UPDATE report_customer_count SET customers = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- No fold between the sums below and the triggers (the migration is one transaction).
LOCK TABLE report_party_months IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO report_biller_months
SELECT month, status, biller_id, sum(invoices), sum(award_points), sum(paid), sum(discount), sum(balance), sum(amount),
  sum(cost), sum(selling), sum(resellable), sum(damaged)
FROM report_party_months GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
