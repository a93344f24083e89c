-- Sales by category on the dashboard summed every sale line of the period (a month at 200,000
-- invoices: ~46,000 lines, 70 ms; a year: 200 ms). The category is the product's current one,
-- which the monthly product roll-up cannot give (it keeps the line's barcode and name), so this
-- roll-up keeps the sales per product id (0: a line without a product) and month: the lines with
-- quantity > 0 of invoices that are not NEW, how many and their Σ subtotal. It is kept as the
-- other monthly roll-ups are: the line and invoice triggers append deltas (the line delta now
-- carries the product id), rollups_fold() moves them. A product deleted sets its lines' product
-- id to null, an update of the lines that moves their sales to key 0.
CREATE TABLE "report_product_id_months" (
  "month" date NOT NULL,
  "product_id" integer NOT NULL,
  "lines" bigint DEFAULT 0 NOT NULL,
  "subtotal" bigint DEFAULT 0 NOT NULL,
  PRIMARY KEY ("month", "product_id")
);
--> statement-breakpoint
CREATE TABLE "report_product_id_month_deltas" (LIKE "report_product_id_months" INCLUDING DEFAULTS);
--> statement-breakpoint
ALTER TABLE "report_product_id_month_deltas" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000);
--> statement-breakpoint
ALTER TYPE "report_line_delta" ADD ATTRIBUTE "product_id" integer;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_lines_apply(d report_line_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF d IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO report_product_month_deltas
  SELECT * FROM (
    SELECT u.month, u.status, u.barcode, u.product_name,
      CASE WHEN NOT u.damaged AND u.quantity > 0 THEN 'S' WHEN NOT u.damaged AND u.quantity < 0 THEN 'R'
        WHEN u.damaged AND u.quantity < 0 THEN 'D' END AS kind,
      sum(u.n)::bigint AS lines, sum(u.n * u.quantity)::bigint AS quantity, sum(u.n * u.cost)::bigint AS cost,
      sum(u.n * u.subtotal)::bigint AS subtotal
    FROM unnest(d) u GROUP BY 1, 2, 3, 4, 5
  ) s
  WHERE s.kind IS NOT NULL AND (s.lines <> 0 OR s.quantity <> 0 OR s.cost <> 0 OR s.subtotal <> 0);
  INSERT INTO report_party_month_deltas (month, status, customer_id, biller_id, cost, selling, resellable, damaged)
  SELECT * FROM (
    SELECT u.month, u.status, u.customer_id, u.biller_id,
      sum(CASE WHEN NOT u.damaged THEN u.n * u.cost ELSE 0 END)::bigint AS cost,
      sum(CASE WHEN NOT u.damaged THEN u.n * u.subtotal ELSE 0 END)::bigint AS selling,
      sum(CASE WHEN u.quantity < 0 AND NOT u.damaged THEN -u.n * u.subtotal ELSE 0 END)::bigint AS resellable,
      sum(CASE WHEN u.damaged THEN -u.n * u.subtotal ELSE 0 END)::bigint AS damaged
    FROM unnest(d) u GROUP BY 1, 2, 3, 4
  ) s
  WHERE s.cost <> 0 OR s.selling <> 0 OR s.resellable <> 0 OR s.damaged <> 0;
  INSERT INTO report_product_id_month_deltas
  SELECT * FROM (
    SELECT u.month, coalesce(u.product_id, 0), sum(u.n)::bigint AS lines, sum(u.n * u.subtotal)::bigint AS subtotal
    FROM unnest(d) u WHERE u.quantity > 0 GROUP BY 1, 2
  ) s
  WHERE s.lines <> 0 OR s.subtotal <> 0;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_items_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d report_line_delta[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(date_trunc('month', i.date)::date, i.status, coalesce(i.customer_id, 0), i.biller_id,
      c.barcode, c.product_name, c.quantity, c.quantity::bigint * c.cost_price, c.subtotal, c.damaged_good, 1,
      c.product_id)::report_line_delta)
    INTO d FROM new_rows c JOIN invoices i ON i.id = c.invoice_id WHERE i.status <> 'NEW';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(date_trunc('month', i.date)::date, i.status, coalesce(i.customer_id, 0), i.biller_id,
      c.barcode, c.product_name, c.quantity, c.quantity::bigint * c.cost_price, c.subtotal, c.damaged_good, -1,
      c.product_id)::report_line_delta)
    INTO d FROM old_rows c JOIN invoices i ON i.id = c.invoice_id WHERE i.status <> 'NEW';
  ELSE
    SELECT array_agg(ROW(date_trunc('month', i.date)::date, i.status, coalesce(i.customer_id, 0), i.biller_id,
      c.barcode, c.product_name, c.quantity, c.quantity::bigint * c.cost_price, c.subtotal, c.damaged_good, c.n,
      c.product_id)::report_line_delta)
    INTO d FROM (
      SELECT invoice_id, barcode, product_name, quantity, cost_price, subtotal, damaged_good, 1 AS n, product_id
      FROM new_rows
      UNION ALL
      SELECT invoice_id, barcode, product_name, quantity, cost_price, subtotal, damaged_good, -1, product_id
      FROM old_rows
    ) c JOIN invoices i ON i.id = c.invoice_id WHERE i.status <> 'NEW';
  END IF;
  PERFORM report_lines_apply(d);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_invoices_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
  INSERT INTO report_party_month_deltas (month, status, customer_id, biller_id, invoices, award_points, paid, discount, balance, amount)
  SELECT * FROM (
    SELECT u.month, u.status, u.customer_id, u.biller_id, sum(u.n)::bigint AS invoices,
      sum(u.n * u.award_points)::bigint AS award_points, sum(u.n * u.paid)::bigint AS paid,
      sum(u.n * u.discount)::bigint AS discount, sum(u.n * u.balance)::bigint AS balance, sum(u.n * u.amount)::bigint AS amount
    FROM unnest(v) u GROUP BY 1, 2, 3, 4
  ) s
  WHERE s.invoices <> 0 OR s.award_points <> 0 OR s.paid <> 0 OR s.discount <> 0 OR s.balance <> 0 OR s.amount <> 0;
  IF TG_OP = 'UPDATE' THEN
    -- Invoices whose (month, status, customer, biller) is not the same on both sides move their lines.
    SELECT array_agg(ROW(m.month, m.status, m.customer_id, m.biller_id, c.barcode, c.product_name, c.quantity,
      c.quantity::bigint * c.cost_price, c.subtotal, c.damaged_good, m.n, c.product_id)::report_line_delta)
    INTO d FROM (
      SELECT u.month, u.status, u.customer_id, u.biller_id, u.id, sum(u.n)::integer AS n FROM unnest(v) u
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(u.n) <> 0
    ) m JOIN invoice_items c ON c.invoice_id = m.id;
    PERFORM report_lines_apply(d);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_invoice_lines_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d report_line_delta[];
BEGIN
  SELECT array_agg(ROW(date_trunc('month', OLD.date)::date, OLD.status, coalesce(OLD.customer_id, 0), OLD.biller_id,
    c.barcode, c.product_name, c.quantity, c.quantity::bigint * c.cost_price, c.subtotal, c.damaged_good, -1,
    c.product_id)::report_line_delta)
  INTO d FROM invoice_items c WHERE c.invoice_id = OLD.id;
  PERFORM report_lines_apply(d);
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rollups_fold(wait boolean DEFAULT true) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  qs bigint[];
BEGIN
  -- Nothing committed to fold (the usual case for a reader): no lock, no statement. A fold in
  -- progress still shows its rows here (not committed yet), so a reader then waits for it below.
  IF NOT EXISTS (SELECT 1 FROM invoice_day_total_deltas) AND NOT EXISTS (SELECT 1 FROM report_product_month_deltas)
    AND NOT EXISTS (SELECT 1 FROM report_party_month_deltas) AND NOT EXISTS (SELECT 1 FROM product_sold_deltas)
    AND NOT EXISTS (SELECT 1 FROM stock_level_deltas) AND NOT EXISTS (SELECT 1 FROM stock_movement_count_deltas)
    AND NOT EXISTS (SELECT 1 FROM report_product_id_month_deltas) THEN
    RETURN;
  END IF;
  IF wait THEN
    PERFORM pg_advisory_xact_lock(2003924324);
  ELSIF NOT pg_try_advisory_xact_lock(2003924324) THEN
    RETURN;
  END IF;
  WITH moved AS (DELETE FROM invoice_day_total_deltas RETURNING *)
  INSERT INTO invoice_day_totals AS t
  SELECT * FROM (
    SELECT date, biller_id, type, status, sum(invoices)::bigint AS invoices, sum(total)::bigint AS total,
      sum(paid)::bigint AS paid, sum(discount_redeemed)::bigint AS discount_redeemed,
      sum(amount_credited)::bigint AS amount_credited, sum(balance)::bigint AS balance
    FROM moved GROUP BY 1, 2, 3, 4
  ) s
  WHERE s.invoices <> 0 OR s.total <> 0 OR s.paid <> 0 OR s.discount_redeemed <> 0 OR s.amount_credited <> 0
    OR s.balance <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("date", "biller_id", "type", "status") DO UPDATE SET
    invoices = t.invoices + excluded.invoices, total = t.total + excluded.total, paid = t.paid + excluded.paid,
    discount_redeemed = t.discount_redeemed + excluded.discount_redeemed,
    amount_credited = t.amount_credited + excluded.amount_credited, balance = t.balance + excluded.balance;

  -- The all-history tables follow from these two through their statement triggers.
  WITH moved AS (DELETE FROM report_product_month_deltas RETURNING *)
  INSERT INTO report_product_months AS t
  SELECT * FROM (
    SELECT month, status, barcode, product_name, kind, sum(lines)::bigint AS lines, sum(quantity)::bigint AS quantity,
      sum(cost)::bigint AS cost, sum(subtotal)::bigint AS subtotal
    FROM moved GROUP BY 1, 2, 3, 4, 5
  ) s
  WHERE s.lines <> 0 OR s.quantity <> 0 OR s.cost <> 0 OR s.subtotal <> 0
  ORDER BY s.month, s.status, s.kind, s.barcode, s.product_name
  ON CONFLICT ("month", "status", "kind", "barcode", "product_name") DO UPDATE SET
    lines = t.lines + excluded.lines, quantity = t.quantity + excluded.quantity,
    cost = t.cost + excluded.cost, subtotal = t.subtotal + excluded.subtotal;

  WITH moved AS (DELETE FROM report_party_month_deltas RETURNING *)
  INSERT INTO report_party_months AS t
  SELECT * FROM (
    SELECT month, status, customer_id, biller_id, sum(invoices)::bigint AS invoices,
      sum(award_points)::bigint AS award_points, sum(paid)::bigint AS paid, sum(discount)::bigint AS discount,
      sum(balance)::bigint AS balance, sum(amount)::bigint AS amount, sum(cost)::bigint AS cost,
      sum(selling)::bigint AS selling, sum(resellable)::bigint AS resellable, sum(damaged)::bigint AS damaged
    FROM moved GROUP BY 1, 2, 3, 4
  ) s
  WHERE s.invoices <> 0 OR s.award_points <> 0 OR s.paid <> 0 OR s.discount <> 0 OR s.balance <> 0 OR s.amount <> 0
    OR s.cost <> 0 OR s.selling <> 0 OR s.resellable <> 0 OR s.damaged <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("month", "status", "customer_id", "biller_id") DO UPDATE SET
    invoices = t.invoices + excluded.invoices, award_points = t.award_points + excluded.award_points,
    paid = t.paid + excluded.paid, discount = t.discount + excluded.discount,
    balance = t.balance + excluded.balance, amount = t.amount + excluded.amount,
    cost = t.cost + excluded.cost, selling = t.selling + excluded.selling,
    resellable = t.resellable + excluded.resellable, damaged = t.damaged + excluded.damaged;

  WITH moved AS (DELETE FROM report_product_id_month_deltas RETURNING *)
  INSERT INTO report_product_id_months AS t
  SELECT * FROM (
    SELECT month, product_id, sum(lines)::bigint AS lines, sum(subtotal)::bigint AS subtotal FROM moved GROUP BY 1, 2
  ) s
  WHERE s.lines <> 0 OR s.subtotal <> 0
  ORDER BY 1, 2
  ON CONFLICT ("month", "product_id") DO UPDATE SET lines = t.lines + excluded.lines, subtotal = t.subtotal + excluded.subtotal;

  WITH moved AS (DELETE FROM product_sold_deltas RETURNING *)
  SELECT array_agg(s.product_id ORDER BY s.product_id), array_agg(s.q ORDER BY s.product_id) INTO ids, qs
  FROM (SELECT product_id, sum(quantity) AS q FROM moved GROUP BY 1) s WHERE s.q <> 0;
  IF ids IS NOT NULL THEN
    PERFORM 1 FROM products WHERE id = ANY (ids) ORDER BY id FOR NO KEY UPDATE;
    UPDATE products p SET quantity_sold = p.quantity_sold + u.q FROM unnest(ids, qs) AS u(id, q) WHERE p.id = u.id;
  END IF;

  WITH moved AS (DELETE FROM stock_level_deltas RETURNING *)
  INSERT INTO stock_levels AS t
  SELECT product_id, location_id, sum(quantity)::bigint FROM moved GROUP BY 1, 2 HAVING sum(quantity) <> 0
  ORDER BY 1, 2
  ON CONFLICT ("product_id", "location_id") DO UPDATE SET quantity = t.quantity + excluded.quantity;

  -- Per product, and per location and kind over every product (product_id 0).
  WITH moved AS (DELETE FROM stock_movement_count_deltas RETURNING *)
  INSERT INTO stock_movement_counts AS t
  SELECT coalesce(product_id, 0), location_id, kind, sum(movements)::bigint FROM moved
  GROUP BY GROUPING SETS ((product_id, location_id, kind), (location_id, kind))
  ORDER BY 1, 2, 3
  ON CONFLICT ("product_id", "location_id", "kind") DO UPDATE SET movements = t.movements + excluded.movements;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollups_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE report_product_months, report_party_months, report_product_totals, report_customer_totals,
    report_biller_totals, report_customer_all, report_product_month_deltas, report_party_month_deltas,
    report_product_id_months, report_product_id_month_deltas;
  UPDATE report_customer_count SET customers = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- No line or invoice written between the sums below and the new triggers' first deltas (the
-- migration is one transaction; writers wait for it).
LOCK TABLE invoices, invoice_items IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO report_product_id_months (month, product_id, lines, subtotal)
SELECT date_trunc('month', i.date)::date, coalesce(c.product_id, 0), count(*), sum(c.subtotal)
FROM invoice_items c JOIN invoices i ON i.id = c.invoice_id
WHERE i.status <> 'NEW' AND c.quantity > 0
GROUP BY 1, 2
ORDER BY 1, 2;
