-- Report roll-ups (issue 12, docs/reports.md "Speed"). The five reports sum these per-month
-- rows for every whole month of their period and only the edge days from the invoices and
-- lines. Only invoices that are not NEW are counted, as in the reports: scans on a NEW
-- invoice never touch a roll-up row. Kept exact by the triggers below on every insert,
-- update and delete of invoices and invoice_items (and backfilled here).
CREATE TABLE "report_product_months" (
  "month" date NOT NULL,
  "status" text NOT NULL,
  "barcode" text NOT NULL,
  "product_name" text NOT NULL,
  -- 'S': a sale or resellable return (quantity <> 0, not damaged); 'D': a damaged return (quantity < 0).
  "kind" text NOT NULL,
  "lines" bigint NOT NULL DEFAULT 0,
  "quantity" bigint NOT NULL DEFAULT 0,
  "cost" bigint NOT NULL DEFAULT 0,
  "subtotal" bigint NOT NULL DEFAULT 0,
  PRIMARY KEY ("month", "status", "kind", "barcode", "product_name")
);
--> statement-breakpoint
CREATE TABLE "report_party_months" (
  "month" date NOT NULL,
  "status" text NOT NULL,
  -- 0: walk-in sales (no customer).
  "customer_id" integer NOT NULL,
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
  PRIMARY KEY ("month", "status", "customer_id", "biller_id")
);
--> statement-breakpoint
-- Signed line contributions under the key of their invoice (n = +1 added, -1 taken off).
CREATE TYPE "report_line_delta" AS (
  "month" date, "status" text, "customer_id" integer, "biller_id" integer, "barcode" text, "product_name" text,
  "quantity" bigint, "cost" bigint, "subtotal" bigint, "damaged" boolean, "n" integer
);
--> statement-breakpoint
CREATE TYPE "report_invoice_delta" AS (
  "month" date, "status" text, "customer_id" integer, "biller_id" integer, "id" integer, "n" integer,
  "award_points" bigint, "paid" bigint, "discount" bigint, "balance" bigint, "amount" bigint
);
--> statement-breakpoint
-- Adds line contributions to both roll-ups, one upsert per table, in key order (no deadlocks).
CREATE FUNCTION report_lines_apply(d report_line_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF d IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO report_product_months AS t
  SELECT * FROM (
    SELECT u.month, u.status, u.barcode, u.product_name,
      CASE WHEN NOT u.damaged AND u.quantity <> 0 THEN 'S' WHEN u.damaged AND u.quantity < 0 THEN 'D' END AS kind,
      sum(u.n)::bigint AS lines, sum(u.n * u.quantity)::bigint AS quantity, sum(u.n * u.cost)::bigint AS cost,
      sum(u.n * u.subtotal)::bigint AS subtotal
    FROM unnest(d) u GROUP BY 1, 2, 3, 4, 5
  ) s
  WHERE s.kind IS NOT NULL AND (s.lines <> 0 OR s.quantity <> 0 OR s.cost <> 0 OR s.subtotal <> 0)
  ORDER BY s.month, s.status, s.kind, s.barcode, s.product_name
  ON CONFLICT ("month", "status", "kind", "barcode", "product_name") DO UPDATE SET
    lines = t.lines + excluded.lines, quantity = t.quantity + excluded.quantity,
    cost = t.cost + excluded.cost, subtotal = t.subtotal + excluded.subtotal;
  INSERT INTO report_party_months AS t (month, status, customer_id, biller_id, cost, selling, resellable, damaged)
  SELECT * FROM (
    SELECT u.month, u.status, u.customer_id, u.biller_id,
      sum(CASE WHEN NOT u.damaged THEN u.n * u.cost ELSE 0 END)::bigint AS cost,
      sum(CASE WHEN NOT u.damaged THEN u.n * u.subtotal ELSE 0 END)::bigint AS selling,
      sum(CASE WHEN u.quantity < 0 AND NOT u.damaged THEN -u.n * u.subtotal ELSE 0 END)::bigint AS resellable,
      sum(CASE WHEN u.damaged THEN -u.n * u.subtotal ELSE 0 END)::bigint AS damaged
    FROM unnest(d) u GROUP BY 1, 2, 3, 4
  ) s
  WHERE s.cost <> 0 OR s.selling <> 0 OR s.resellable <> 0 OR s.damaged <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("month", "status", "customer_id", "biller_id") DO UPDATE SET
    cost = t.cost + excluded.cost, selling = t.selling + excluded.selling,
    resellable = t.resellable + excluded.resellable, damaged = t.damaged + excluded.damaged;
END $$;
--> statement-breakpoint
-- Lines added, changed or removed on invoices that are not NEW (lines removed with their
-- invoice: the invoice is gone here, see report_invoice_lines_delete).
CREATE FUNCTION report_items_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d report_line_delta[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(date_trunc('month', i.date)::date, i.status, coalesce(i.customer_id, 0), i.biller_id,
      c.barcode, c.product_name, c.quantity, c.quantity::bigint * c.cost_price, c.subtotal, c.damaged_good, 1)::report_line_delta)
    INTO d FROM new_rows c JOIN invoices i ON i.id = c.invoice_id WHERE i.status <> 'NEW';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(date_trunc('month', i.date)::date, i.status, coalesce(i.customer_id, 0), i.biller_id,
      c.barcode, c.product_name, c.quantity, c.quantity::bigint * c.cost_price, c.subtotal, c.damaged_good, -1)::report_line_delta)
    INTO d FROM old_rows c JOIN invoices i ON i.id = c.invoice_id WHERE i.status <> 'NEW';
  ELSE
    SELECT array_agg(ROW(date_trunc('month', i.date)::date, i.status, coalesce(i.customer_id, 0), i.biller_id,
      c.barcode, c.product_name, c.quantity, c.quantity::bigint * c.cost_price, c.subtotal, c.damaged_good, c.n)::report_line_delta)
    INTO d FROM (
      SELECT invoice_id, barcode, product_name, quantity, cost_price, subtotal, damaged_good, 1 AS n FROM new_rows
      UNION ALL
      SELECT invoice_id, barcode, product_name, quantity, cost_price, subtotal, damaged_good, -1 FROM old_rows
    ) c JOIN invoices i ON i.id = c.invoice_id WHERE i.status <> 'NEW';
  END IF;
  PERFORM report_lines_apply(d);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_items_insert AFTER INSERT ON invoice_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_items_apply();
--> statement-breakpoint
CREATE TRIGGER report_items_update AFTER UPDATE ON invoice_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_items_apply();
--> statement-breakpoint
CREATE TRIGGER report_items_delete AFTER DELETE ON invoice_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_items_apply();
--> statement-breakpoint
-- Invoice figures per key, and the lines of an invoice whose key moved (status, month,
-- customer or biller changed): taken off under the old key, added under the new one.
CREATE FUNCTION report_invoices_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v report_invoice_delta[];
  d report_line_delta[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(date_trunc('month', date)::date, status, coalesce(customer_id, 0), biller_id, id, 1,
      award_points_redeemed, paid, discount_redeemed, balance, total::bigint - amount_credited)::report_invoice_delta)
    INTO v FROM new_rows WHERE status <> 'NEW';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(date_trunc('month', date)::date, status, coalesce(customer_id, 0), biller_id, id, -1,
      award_points_redeemed, paid, discount_redeemed, balance, total::bigint - amount_credited)::report_invoice_delta)
    INTO v FROM old_rows WHERE status <> 'NEW';
  ELSE
    SELECT array_agg(ROW(date_trunc('month', r.date)::date, r.status, coalesce(r.customer_id, 0), r.biller_id, r.id, r.n,
      r.award_points_redeemed, r.paid, r.discount_redeemed, r.balance, r.total::bigint - r.amount_credited)::report_invoice_delta)
    INTO v FROM (
      SELECT *, 1 AS n FROM new_rows WHERE status <> 'NEW'
      UNION ALL
      SELECT *, -1 AS n FROM old_rows WHERE status <> 'NEW'
    ) r;
  END IF;
  IF v IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO report_party_months AS t (month, status, customer_id, biller_id, invoices, award_points, paid, discount, balance, amount)
  SELECT * FROM (
    SELECT u.month, u.status, u.customer_id, u.biller_id, sum(u.n)::bigint AS invoices,
      sum(u.n * u.award_points)::bigint AS award_points, sum(u.n * u.paid)::bigint AS paid,
      sum(u.n * u.discount)::bigint AS discount, sum(u.n * u.balance)::bigint AS balance, sum(u.n * u.amount)::bigint AS amount
    FROM unnest(v) u GROUP BY 1, 2, 3, 4
  ) s
  WHERE s.invoices <> 0 OR s.award_points <> 0 OR s.paid <> 0 OR s.discount <> 0 OR s.balance <> 0 OR s.amount <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("month", "status", "customer_id", "biller_id") DO UPDATE SET
    invoices = t.invoices + excluded.invoices, award_points = t.award_points + excluded.award_points,
    paid = t.paid + excluded.paid, discount = t.discount + excluded.discount,
    balance = t.balance + excluded.balance, amount = t.amount + excluded.amount;
  IF TG_OP = 'UPDATE' THEN
    -- Invoices whose (month, status, customer, biller) is not the same on both sides move their lines.
    SELECT array_agg(ROW(m.month, m.status, m.customer_id, m.biller_id, c.barcode, c.product_name, c.quantity,
      c.quantity::bigint * c.cost_price, c.subtotal, c.damaged_good, m.n)::report_line_delta)
    INTO d FROM (
      SELECT u.month, u.status, u.customer_id, u.biller_id, u.id, sum(u.n)::integer AS n FROM unnest(v) u
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(u.n) <> 0
    ) m JOIN invoice_items c ON c.invoice_id = m.id;
    PERFORM report_lines_apply(d);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_invoices_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_invoices_apply();
--> statement-breakpoint
CREATE TRIGGER report_invoices_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_invoices_apply();
--> statement-breakpoint
CREATE TRIGGER report_invoices_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_invoices_apply();
--> statement-breakpoint
-- A submitted invoice deleted: its lines are taken off before they go with it.
CREATE FUNCTION report_invoice_lines_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d report_line_delta[];
BEGIN
  SELECT array_agg(ROW(date_trunc('month', OLD.date)::date, OLD.status, coalesce(OLD.customer_id, 0), OLD.biller_id,
    c.barcode, c.product_name, c.quantity, c.quantity::bigint * c.cost_price, c.subtotal, c.damaged_good, -1)::report_line_delta)
  INTO d FROM invoice_items c WHERE c.invoice_id = OLD.id;
  PERFORM report_lines_apply(d);
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_invoice_lines_delete BEFORE DELETE ON invoices
  FOR EACH ROW WHEN (OLD.status <> 'NEW') EXECUTE FUNCTION report_invoice_lines_delete();
--> statement-breakpoint
CREATE FUNCTION report_rollups_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE report_product_months, report_party_months;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_rollups_truncate AFTER TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollups_truncate();
--> statement-breakpoint
INSERT INTO report_product_months
SELECT * FROM (
  SELECT date_trunc('month', i.date)::date, i.status, c.barcode, c.product_name,
    CASE WHEN NOT c.damaged_good AND c.quantity <> 0 THEN 'S' WHEN c.damaged_good AND c.quantity < 0 THEN 'D' END AS kind,
    count(*), sum(c.quantity), sum(c.quantity::bigint * c.cost_price), sum(c.subtotal)
  FROM invoice_items c JOIN invoices i ON i.id = c.invoice_id WHERE i.status <> 'NEW' GROUP BY 1, 2, 3, 4, 5
) s WHERE s.kind IS NOT NULL;
--> statement-breakpoint
INSERT INTO report_party_months
SELECT date_trunc('month', i.date)::date, i.status, coalesce(i.customer_id, 0), i.biller_id, count(*),
  sum(i.award_points_redeemed), sum(i.paid), sum(i.discount_redeemed), sum(i.balance),
  sum(i.total::bigint - i.amount_credited), coalesce(sum(l.cost), 0), coalesce(sum(l.selling), 0),
  coalesce(sum(l.resellable), 0), coalesce(sum(l.damaged), 0)
FROM invoices i LEFT JOIN (
  SELECT invoice_id,
    sum(CASE WHEN NOT damaged_good THEN quantity::bigint * cost_price ELSE 0 END) AS cost,
    sum(CASE WHEN NOT damaged_good THEN subtotal ELSE 0 END) AS selling,
    sum(CASE WHEN quantity < 0 AND NOT damaged_good THEN -subtotal ELSE 0 END) AS resellable,
    sum(CASE WHEN damaged_good THEN -subtotal ELSE 0 END) AS damaged
  FROM invoice_items GROUP BY invoice_id
) l ON l.invoice_id = i.id
WHERE i.status <> 'NEW' GROUP BY 1, 2, 3, 4;
