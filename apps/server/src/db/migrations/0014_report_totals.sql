-- All-history report totals (issue 12, docs/reports.md "Speed"). A report without a period
-- (its default) summed the monthly roll-ups of 0013: 147,000 product-month and 176,000
-- party-month rows at 200,000 invoices, 170-470 ms. These keep the same sums without the
-- month: per product, per customer and per biller. Row triggers on the monthly roll-ups
-- carry every change on (new minus old), so they stay exact whatever moved the months.
CREATE TABLE "report_product_totals" (
  "status" text NOT NULL,
  "kind" text NOT NULL,
  "barcode" text NOT NULL,
  "product_name" text NOT NULL,
  "lines" bigint NOT NULL DEFAULT 0,
  "quantity" bigint NOT NULL DEFAULT 0,
  "cost" bigint NOT NULL DEFAULT 0,
  "subtotal" bigint NOT NULL DEFAULT 0,
  PRIMARY KEY ("status", "kind", "barcode", "product_name")
);
--> statement-breakpoint
CREATE TABLE "report_customer_totals" (
  "status" text NOT NULL,
  "customer_id" integer NOT NULL,
  "invoices" bigint NOT NULL DEFAULT 0,
  "award_points" bigint NOT NULL DEFAULT 0,
  "paid" bigint NOT NULL DEFAULT 0,
  "discount" bigint NOT NULL DEFAULT 0,
  "balance" bigint NOT NULL DEFAULT 0,
  "amount" bigint NOT NULL DEFAULT 0,
  "cost" bigint NOT NULL DEFAULT 0,
  "selling" bigint NOT NULL DEFAULT 0,
  "resellable" bigint NOT NULL DEFAULT 0,
  "damaged" bigint NOT NULL DEFAULT 0,
  PRIMARY KEY ("status", "customer_id")
);
--> statement-breakpoint
CREATE TABLE "report_biller_totals" (
  "status" text NOT NULL,
  "biller_id" integer NOT NULL,
  "invoices" bigint NOT NULL DEFAULT 0,
  "award_points" bigint NOT NULL DEFAULT 0,
  "paid" bigint NOT NULL DEFAULT 0,
  "discount" bigint NOT NULL DEFAULT 0,
  "balance" bigint NOT NULL DEFAULT 0,
  "amount" bigint NOT NULL DEFAULT 0,
  "cost" bigint NOT NULL DEFAULT 0,
  "selling" bigint NOT NULL DEFAULT 0,
  "resellable" bigint NOT NULL DEFAULT 0,
  "damaged" bigint NOT NULL DEFAULT 0,
  PRIMARY KEY ("status", "biller_id")
);
--> statement-breakpoint
CREATE FUNCTION report_product_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n report_product_months := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  o report_product_months := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD END;
BEGIN
  INSERT INTO report_product_totals AS t VALUES (n.status, n.kind, n.barcode, n.product_name,
    CASE WHEN TG_OP = 'DELETE' THEN 0 ELSE n.lines END - coalesce(o.lines, 0),
    CASE WHEN TG_OP = 'DELETE' THEN 0 ELSE n.quantity END - coalesce(o.quantity, 0),
    CASE WHEN TG_OP = 'DELETE' THEN 0 ELSE n.cost END - coalesce(o.cost, 0),
    CASE WHEN TG_OP = 'DELETE' THEN 0 ELSE n.subtotal END - coalesce(o.subtotal, 0))
  ON CONFLICT ("status", "kind", "barcode", "product_name") DO UPDATE SET
    lines = t.lines + excluded.lines, quantity = t.quantity + excluded.quantity,
    cost = t.cost + excluded.cost, subtotal = t.subtotal + excluded.subtotal;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_product_totals AFTER INSERT OR UPDATE OR DELETE ON report_product_months
  FOR EACH ROW EXECUTE FUNCTION report_product_totals_apply();
--> statement-breakpoint
-- The party-month row's change (new minus old) onto its customer's and its biller's totals.
CREATE FUNCTION report_party_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n report_party_months := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  o report_party_months := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD END;
  s integer := CASE WHEN TG_OP = 'DELETE' THEN 0 ELSE 1 END;
  d report_customer_totals;
BEGIN
  d := ROW(n.status, n.customer_id, s * n.invoices - coalesce(o.invoices, 0),
    s * n.award_points - coalesce(o.award_points, 0), s * n.paid - coalesce(o.paid, 0),
    s * n.discount - coalesce(o.discount, 0), s * n.balance - coalesce(o.balance, 0),
    s * n.amount - coalesce(o.amount, 0), s * n.cost - coalesce(o.cost, 0), s * n.selling - coalesce(o.selling, 0),
    s * n.resellable - coalesce(o.resellable, 0), s * n.damaged - coalesce(o.damaged, 0));
  INSERT INTO report_customer_totals AS t VALUES (d.*)
  ON CONFLICT ("status", "customer_id") DO UPDATE SET
    invoices = t.invoices + excluded.invoices, award_points = t.award_points + excluded.award_points,
    paid = t.paid + excluded.paid, discount = t.discount + excluded.discount, balance = t.balance + excluded.balance,
    amount = t.amount + excluded.amount, cost = t.cost + excluded.cost, selling = t.selling + excluded.selling,
    resellable = t.resellable + excluded.resellable, damaged = t.damaged + excluded.damaged;
  d.customer_id := n.biller_id;
  INSERT INTO report_biller_totals AS t VALUES (d.*)
  ON CONFLICT ("status", "biller_id") DO UPDATE SET
    invoices = t.invoices + excluded.invoices, award_points = t.award_points + excluded.award_points,
    paid = t.paid + excluded.paid, discount = t.discount + excluded.discount, balance = t.balance + excluded.balance,
    amount = t.amount + excluded.amount, cost = t.cost + excluded.cost, selling = t.selling + excluded.selling,
    resellable = t.resellable + excluded.resellable, damaged = t.damaged + excluded.damaged;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_party_totals AFTER INSERT OR UPDATE OR DELETE ON report_party_months
  FOR EACH ROW EXECUTE FUNCTION report_party_totals_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollups_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE report_product_months, report_party_months, report_product_totals, report_customer_totals,
    report_biller_totals;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO report_product_totals
SELECT status, kind, barcode, product_name, sum(lines), sum(quantity), sum(cost), sum(subtotal)
FROM report_product_months GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO report_customer_totals
SELECT status, customer_id, sum(invoices), sum(award_points), sum(paid), sum(discount), sum(balance), sum(amount),
  sum(cost), sum(selling), sum(resellable), sum(damaged)
FROM report_party_months GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO report_biller_totals
SELECT status, biller_id, sum(invoices), sum(award_points), sum(paid), sum(discount), sum(balance), sum(amount),
  sum(cost), sum(selling), sum(resellable), sum(damaged)
FROM report_party_months GROUP BY 1, 2;
