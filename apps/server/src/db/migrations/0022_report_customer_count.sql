-- My Report and the Customer Summary by default counted their rows with count(*) over
-- report_customer_all (26,600 rows at 200,000 invoices, ~2-3 ms, most of their SQL; issue 12,
-- docs/reports.md). report_customer_count keeps that number: the party-month trigger adds the
-- customers whose invoice count its upsert took from 0 to more and takes off those it took back
-- to 0, read from the upserted rows themselves (RETURNING), so two statements adding a new
-- customer's first invoices at once count it once. The single row is written only then.
CREATE TABLE "report_customer_count" (
  "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
  "customers" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO report_customer_count (customers) SELECT count(*) FROM report_customer_all WHERE invoices > 0;
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
  WITH g AS (
    SELECT u.customer_id, sum(u.invoices) AS invoices, sum(u.award_points) AS award_points, sum(u.paid) AS paid,
      sum(u.discount) AS discount, sum(u.balance) AS balance, sum(u.amount) AS amount, sum(u.cost) AS cost,
      sum(u.selling) AS selling, sum(u.resellable) AS resellable, sum(u.damaged) AS damaged
    FROM unnest(d) u GROUP BY 1
  ), up AS (
    INSERT INTO report_customer_all AS t SELECT * FROM g ORDER BY 1
    ON CONFLICT ("customer_id") DO UPDATE SET
      invoices = t.invoices + excluded.invoices, award_points = t.award_points + excluded.award_points,
      paid = t.paid + excluded.paid, discount = t.discount + excluded.discount, balance = t.balance + excluded.balance,
      amount = t.amount + excluded.amount, cost = t.cost + excluded.cost, selling = t.selling + excluded.selling,
      resellable = t.resellable + excluded.resellable, damaged = t.damaged + excluded.damaged
    RETURNING t.customer_id, t.invoices
  ), moved AS (
    SELECT count(*) FILTER (WHERE up.invoices > 0 AND up.invoices - g.invoices <= 0)
      - count(*) FILTER (WHERE up.invoices <= 0 AND up.invoices - g.invoices > 0) AS customers
    FROM up JOIN g USING (customer_id)
  )
  UPDATE report_customer_count c SET customers = c.customers + moved.customers FROM moved WHERE moved.customers <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollups_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE report_product_months, report_party_months, report_product_totals, report_customer_totals,
    report_biller_totals, report_customer_all;
  UPDATE report_customer_count SET customers = 0;
  RETURN NULL;
END $$;
