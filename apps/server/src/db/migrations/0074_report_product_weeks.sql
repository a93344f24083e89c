-- A period cut mid-month (the 15th to the 14th, say) read the days its edge months cut from the
-- invoice lines: up to half a month at each end, ~23,000 lines at 200,000 invoices, for the
-- product and damaged-goods reports and the dashboard's product figures and sales by category.
--
-- The two product roll-ups are now also kept per week of a month: blocks of seven days from the
-- 1st (the 1st-7th, 8th-14th, 15th-21st, 22nd-28th, and the 29th to the month's end),
-- report_week(date) giving a day's block. A cut month is then read as whole blocks plus at most
-- three days of lines at either end of its part (db/periods.ts, weekSpans). The blocks never
-- cross a month, so a month is the sum of its blocks and a reader can mix the two.
--
-- The line deltas carry their block beside their month: the triggers append one delta row per
-- (month, block, ...) instead of per month, and rollups_fold moves each delta onto both the
-- monthly and the weekly table in one statement (no new lock, no new lock order). An invoice
-- whose date moves to another block of the same month now moves its lines between blocks.
CREATE FUNCTION report_week(d date) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  -- The month's first day, then 0, 7, 14, 21 or 28 days on (date arithmetic, no time zone).
  SELECT d - (extract(day from d)::integer - 1) + least((extract(day from d)::integer - 1) / 7, 4) * 7
$$;
--> statement-breakpoint
-- Writers wait for this migration from here on (the migration is one transaction): the lines and
-- invoices first, in the order writers take them before their triggers append deltas, so an
-- instance still writing never holds a line while waiting for a delta table locked below.
LOCK TABLE invoices, invoice_items IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
-- Deltas committed before this migration go onto the monthly tables first: the delta tables are
-- then empty and can take a required week (no writer can append one meanwhile).
SELECT rollups_fold();
--> statement-breakpoint
CREATE TABLE "report_product_weeks" (
  "week" date NOT NULL,
  "status" text NOT NULL,
  "barcode" text NOT NULL,
  "product_name" text NOT NULL,
  "kind" text NOT NULL,
  "lines" bigint NOT NULL,
  "quantity" bigint NOT NULL,
  "cost" bigint NOT NULL,
  "subtotal" bigint NOT NULL,
  PRIMARY KEY ("week", "status", "kind", "barcode", "product_name")
);
--> statement-breakpoint
CREATE TABLE "report_product_id_weeks" (
  "week" date NOT NULL,
  "product_id" integer NOT NULL,
  "lines" bigint NOT NULL,
  "subtotal" bigint NOT NULL,
  PRIMARY KEY ("week", "product_id")
);
--> statement-breakpoint
ALTER TABLE "report_product_month_deltas" ADD COLUMN "week" date NOT NULL;
--> statement-breakpoint
ALTER TABLE "report_product_id_month_deltas" ADD COLUMN "week" date NOT NULL;
--> statement-breakpoint
ALTER TYPE "report_line_delta" ADD ATTRIBUTE "week" date;
--> statement-breakpoint
ALTER TYPE "report_invoice_delta" ADD ATTRIBUTE "week" date;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_lines_apply(d report_line_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF d IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO report_product_month_deltas (month, week, status, barcode, product_name, kind, lines, quantity, cost, subtotal)
  SELECT * FROM (
    SELECT u.month, u.week, u.status, u.barcode, u.product_name,
      CASE WHEN NOT u.damaged AND u.quantity > 0 THEN 'S' WHEN NOT u.damaged AND u.quantity < 0 THEN 'R'
        WHEN u.damaged AND u.quantity < 0 THEN 'D' END AS kind,
      sum(u.n)::bigint AS lines, sum(u.n * u.quantity)::bigint AS quantity, sum(u.n * u.cost)::bigint AS cost,
      sum(u.n * u.subtotal)::bigint AS subtotal
    FROM unnest(d) u GROUP BY 1, 2, 3, 4, 5, 6
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
  INSERT INTO report_product_id_month_deltas (month, week, product_id, lines, subtotal)
  SELECT * FROM (
    SELECT u.month, u.week, coalesce(u.product_id, 0), sum(u.n)::bigint AS lines, sum(u.n * u.subtotal)::bigint AS subtotal
    FROM unnest(d) u WHERE u.quantity > 0 GROUP BY 1, 2, 3
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
      c.product_id, report_week(i.date))::report_line_delta)
    INTO d FROM new_rows c JOIN invoices i ON i.id = c.invoice_id WHERE i.status <> 'NEW';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(date_trunc('month', i.date)::date, i.status, coalesce(i.customer_id, 0), i.biller_id,
      c.barcode, c.product_name, c.quantity, c.quantity::bigint * c.cost_price, c.subtotal, c.damaged_good, -1,
      c.product_id, report_week(i.date))::report_line_delta)
    INTO d FROM old_rows c JOIN invoices i ON i.id = c.invoice_id WHERE i.status <> 'NEW';
  ELSE
    SELECT array_agg(ROW(date_trunc('month', i.date)::date, i.status, coalesce(i.customer_id, 0), i.biller_id,
      c.barcode, c.product_name, c.quantity, c.quantity::bigint * c.cost_price, c.subtotal, c.damaged_good, c.n,
      c.product_id, report_week(i.date))::report_line_delta)
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
      award_points_redeemed, paid, discount_redeemed, balance, total::bigint - amount_credited,
      report_week(date))::report_invoice_delta)
    INTO v FROM new_rows WHERE status <> 'NEW';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(date_trunc('month', date)::date, status, coalesce(customer_id, 0), biller_id, id, -1,
      award_points_redeemed, paid, discount_redeemed, balance, total::bigint - amount_credited,
      report_week(date))::report_invoice_delta)
    INTO v FROM old_rows WHERE status <> 'NEW';
  ELSE
    SELECT array_agg(ROW(date_trunc('month', r.date)::date, r.status, coalesce(r.customer_id, 0), r.biller_id, r.id, r.n,
      r.award_points_redeemed, r.paid, r.discount_redeemed, r.balance, r.total::bigint - r.amount_credited,
      report_week(r.date))::report_invoice_delta)
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
    -- Invoices whose (month, block, status, customer, biller) is not the same on both sides move their lines.
    SELECT array_agg(ROW(m.month, m.status, m.customer_id, m.biller_id, c.barcode, c.product_name, c.quantity,
      c.quantity::bigint * c.cost_price, c.subtotal, c.damaged_good, m.n, c.product_id, m.week)::report_line_delta)
    INTO d FROM (
      SELECT u.month, u.week, u.status, u.customer_id, u.biller_id, u.id, sum(u.n)::integer AS n FROM unnest(v) u
      GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(u.n) <> 0
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
    c.product_id, report_week(OLD.date))::report_line_delta)
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
    AND NOT EXISTS (SELECT 1 FROM report_product_id_month_deltas) AND NOT EXISTS (SELECT 1 FROM audit_day_count_deltas)
    AND NOT EXISTS (SELECT 1 FROM outbox_status_count_deltas)
    AND NOT EXISTS (SELECT 1 FROM supplier_invoice_month_total_deltas) THEN
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
  WITH moved AS (DELETE FROM report_product_month_deltas RETURNING *),
  weeks AS (
    INSERT INTO report_product_weeks AS t
    SELECT * FROM (
      SELECT week, status, barcode, product_name, kind, sum(lines)::bigint AS lines, sum(quantity)::bigint AS quantity,
        sum(cost)::bigint AS cost, sum(subtotal)::bigint AS subtotal
      FROM moved GROUP BY 1, 2, 3, 4, 5
    ) s
    WHERE s.lines <> 0 OR s.quantity <> 0 OR s.cost <> 0 OR s.subtotal <> 0
    ORDER BY s.week, s.status, s.kind, s.barcode, s.product_name
    ON CONFLICT ("week", "status", "kind", "barcode", "product_name") DO UPDATE SET
      lines = t.lines + excluded.lines, quantity = t.quantity + excluded.quantity,
      cost = t.cost + excluded.cost, subtotal = t.subtotal + excluded.subtotal
  )
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

  WITH moved AS (DELETE FROM report_product_id_month_deltas RETURNING *),
  weeks AS (
    INSERT INTO report_product_id_weeks AS t
    SELECT * FROM (
      SELECT week, product_id, sum(lines)::bigint AS lines, sum(subtotal)::bigint AS subtotal FROM moved GROUP BY 1, 2
    ) s
    WHERE s.lines <> 0 OR s.subtotal <> 0
    ORDER BY 1, 2
    ON CONFLICT ("week", "product_id") DO UPDATE SET lines = t.lines + excluded.lines,
      subtotal = t.subtotal + excluded.subtotal
  )
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

  -- The audit counts, per day and per month, from the same moved deltas.
  WITH moved AS (DELETE FROM audit_day_count_deltas RETURNING *),
  days AS (
    SELECT day, user_id, entity, action, sum(entries)::bigint AS entries FROM moved
    GROUP BY 1, 2, 3, 4 HAVING sum(entries) <> 0
  ),
  folded AS (
    INSERT INTO audit_day_counts AS t SELECT * FROM days ORDER BY 1, 3, 4, 2
    ON CONFLICT ("day", "entity", "action", "user_id") DO UPDATE SET entries = t.entries + excluded.entries
  )
  INSERT INTO audit_month_counts AS t
  SELECT date_trunc('month', day)::date, user_id, entity, action, sum(entries)::bigint FROM days
  GROUP BY 1, 2, 3, 4 HAVING sum(entries) <> 0 ORDER BY 1, 3, 4, 2
  ON CONFLICT ("month", "entity", "action", "user_id") DO UPDATE SET entries = t.entries + excluded.entries;

  WITH moved AS (DELETE FROM outbox_status_count_deltas RETURNING *)
  INSERT INTO outbox_status_counts AS t
  SELECT status, sum(messages)::bigint FROM moved GROUP BY 1 HAVING sum(messages) <> 0 ORDER BY 1
  ON CONFLICT ("status") DO UPDATE SET messages = t.messages + excluded.messages;

  WITH moved AS (DELETE FROM supplier_invoice_month_total_deltas RETURNING *)
  INSERT INTO supplier_invoice_month_totals AS t
  SELECT * FROM (
    SELECT month, distributor_id, status, sum(invoices)::bigint AS invoices, sum(purchase)::bigint AS purchase,
      sum(paid)::bigint AS paid, sum(due)::bigint AS due
    FROM moved GROUP BY 1, 2, 3
  ) s
  WHERE s.invoices <> 0 OR s.purchase <> 0 OR s.paid <> 0 OR s.due <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ("month", "distributor_id", "status") DO UPDATE SET invoices = t.invoices + excluded.invoices,
    purchase = t.purchase + excluded.purchase, paid = t.paid + excluded.paid, due = t.due + excluded.due;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollups_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE report_product_months, report_party_months, report_product_totals, report_customer_totals,
    report_biller_totals, report_customer_all, report_product_month_deltas, report_party_month_deltas,
    report_product_id_months, report_product_id_month_deltas, report_biller_months, report_product_years,
    report_product_weeks, report_product_id_weeks;
  UPDATE report_customer_count SET customers = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- No line or invoice written between the sums below and the new triggers' first deltas: the lines
-- and invoices are locked since the start.
INSERT INTO report_product_weeks
SELECT * FROM (
  SELECT report_week(i.date) AS week, i.status, c.barcode, c.product_name,
    CASE WHEN NOT c.damaged_good AND c.quantity > 0 THEN 'S' WHEN NOT c.damaged_good AND c.quantity < 0 THEN 'R'
      WHEN c.damaged_good AND c.quantity < 0 THEN 'D' END AS kind,
    count(*)::bigint AS lines, sum(c.quantity)::bigint AS quantity, sum(c.quantity::bigint * c.cost_price)::bigint AS cost,
    sum(c.subtotal)::bigint AS subtotal
  FROM invoice_items c JOIN invoices i ON i.id = c.invoice_id
  WHERE i.status <> 'NEW'
  GROUP BY 1, 2, 3, 4, 5
) s
WHERE s.kind IS NOT NULL
ORDER BY 1, 2, 5, 3, 4;
--> statement-breakpoint
INSERT INTO report_product_id_weeks (week, product_id, lines, subtotal)
SELECT report_week(i.date), coalesce(c.product_id, 0), count(*), sum(c.subtotal)
FROM invoice_items c JOIN invoices i ON i.id = c.invoice_id
WHERE i.status <> 'NEW' AND c.quantity > 0
GROUP BY 1, 2
ORDER BY 1, 2;
--> statement-breakpoint
ANALYZE report_product_weeks;
--> statement-breakpoint
ANALYZE report_product_id_weeks;
