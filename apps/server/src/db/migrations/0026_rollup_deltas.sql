-- Roll-ups without hot rows (docs/architecture.md "Roll-ups"). The triggers on invoices and
-- invoice_items used to add each change straight onto a few shared rows (the day's list totals,
-- the month's biller and customer figures, a product's quantity sold): every writer of the
-- office queued on them, and two that touched two of them in different statements deadlocked.
-- Now the triggers only append their change to a delta table (inserts never wait on each other)
-- and rollups_fold() moves what has been committed onto the totals: one folder at a time, the
-- totals rows written by nobody else. Readers fold before they read, so a footer or a report
-- counts every write committed before it.
CREATE TABLE "invoice_day_total_deltas" (LIKE "invoice_day_totals" INCLUDING DEFAULTS);
--> statement-breakpoint
CREATE TABLE "report_product_month_deltas" (LIKE "report_product_months" INCLUDING DEFAULTS);
--> statement-breakpoint
CREATE TABLE "report_party_month_deltas" (LIKE "report_party_months" INCLUDING DEFAULTS);
--> statement-breakpoint
CREATE TABLE "product_sold_deltas" (
  "product_id" integer NOT NULL,
  "quantity" bigint NOT NULL
);
--> statement-breakpoint
-- Emptied on every fold: vacuumed after a thousand dead rows rather than a fraction of the table.
ALTER TABLE "invoice_day_total_deltas" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000);
--> statement-breakpoint
ALTER TABLE "report_product_month_deltas" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000);
--> statement-breakpoint
ALTER TABLE "report_party_month_deltas" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000);
--> statement-breakpoint
ALTER TABLE "product_sold_deltas" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000);
--> statement-breakpoint
-- Line contributions (n = +1 added, -1 taken off), grouped per statement, appended.
CREATE OR REPLACE FUNCTION report_lines_apply(d report_line_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF d IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO report_product_month_deltas
  SELECT * FROM (
    SELECT u.month, u.status, u.barcode, u.product_name,
      CASE WHEN NOT u.damaged AND u.quantity <> 0 THEN 'S' WHEN u.damaged AND u.quantity < 0 THEN 'D' END AS kind,
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
END $$;
--> statement-breakpoint
-- Invoice figures per key appended; the lines of an invoice whose key moved, taken off under the
-- old key and added under the new one.
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
-- The invoice list's footer per day, biller, type and status (not NEW), appended.
CREATE OR REPLACE FUNCTION invoice_day_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_day_total_deltas
    SELECT date, biller_id, type, status, count(*), sum(total), sum(paid), sum(discount_redeemed),
      sum(amount_credited), sum(balance)
    FROM new_rows WHERE status <> 'NEW' GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO invoice_day_total_deltas
    SELECT date, biller_id, type, status, -count(*), -sum(total), -sum(paid), -sum(discount_redeemed),
      -sum(amount_credited), -sum(balance)
    FROM old_rows WHERE status <> 'NEW' GROUP BY 1, 2, 3, 4;
  ELSE
    INSERT INTO invoice_day_total_deltas
    SELECT * FROM (
      SELECT date, biller_id, type, status, sum(n) AS invoices, sum(total) AS total, sum(paid) AS paid,
        sum(discount_redeemed) AS discount_redeemed, sum(amount_credited) AS amount_credited, sum(balance) AS balance
      FROM (
        SELECT date, biller_id, type, status, 1 AS n, total::bigint AS total, paid::bigint AS paid,
          discount_redeemed::bigint AS discount_redeemed, amount_credited::bigint AS amount_credited,
          balance::bigint AS balance
        FROM new_rows WHERE status <> 'NEW'
        UNION ALL
        SELECT date, biller_id, type, status, -1, -total, -paid, -discount_redeemed, -amount_credited, -balance
        FROM old_rows WHERE status <> 'NEW'
      ) c GROUP BY 1, 2, 3, 4
    ) s
    WHERE s.invoices <> 0 OR s.total <> 0 OR s.paid <> 0 OR s.discount_redeemed <> 0 OR s.amount_credited <> 0
      OR s.balance <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Quantities sold per product (lines of invoices that are not NEW), appended.
CREATE OR REPLACE FUNCTION products_add_quantity_sold(ids integer[], qs bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_sold_deltas
  SELECT u.id, sum(u.q) FROM unnest(ids, qs) AS u(id, q) WHERE u.id IS NOT NULL GROUP BY u.id HAVING sum(u.q) <> 0;
END $$;
--> statement-breakpoint
-- Moves every committed delta onto its totals. One fold at a time (a transaction-level advisory
-- lock: it ends with the transaction, so it works through a pooler); `wait` false returns at once
-- when another fold runs (the background fold), true waits for it (a reader, who must see
-- everything folded). Rows are written in key order, products locked in id order.
CREATE FUNCTION rollups_fold(wait boolean DEFAULT true) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  qs bigint[];
BEGIN
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

  WITH moved AS (DELETE FROM product_sold_deltas RETURNING *)
  SELECT array_agg(s.product_id ORDER BY s.product_id), array_agg(s.q ORDER BY s.product_id) INTO ids, qs
  FROM (SELECT product_id, sum(quantity) AS q FROM moved GROUP BY 1) s WHERE s.q <> 0;
  IF ids IS NOT NULL THEN
    PERFORM 1 FROM products WHERE id = ANY (ids) ORDER BY id FOR NO KEY UPDATE;
    UPDATE products p SET quantity_sold = p.quantity_sold + u.q FROM unnest(ids, qs) AS u(id, q) WHERE p.id = u.id;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollups_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE report_product_months, report_party_months, report_product_totals, report_customer_totals,
    report_biller_totals, report_customer_all, report_product_month_deltas, report_party_month_deltas;
  UPDATE report_customer_count SET customers = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_day_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE invoice_day_totals, invoice_day_total_deltas;
  RETURN NULL;
END $$;
