-- The ledger's movements counted per block of 4,096 ids (id / 4096), per location and kind, and
-- per block over every location and kind (location 0, kind '*'): a deep page of the ledger in id
-- order is found through them (the block its first movement lies in, and how many movements come
-- before that block) instead of skipping a million index entries. Movements are never changed or
-- deleted (their trigger refuses it), so a block's counts only grow: written as deltas by the
-- ledger's statement trigger, folded by rollups_fold as the other counts.
LOCK TABLE stock_movements IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TABLE "stock_movement_blocks" (
  "block" integer NOT NULL,
  "location_id" integer NOT NULL,
  "kind" text NOT NULL,
  "movements" bigint NOT NULL,
  PRIMARY KEY ("block", "location_id", "kind")
);
--> statement-breakpoint
CREATE TABLE "stock_movement_block_deltas" (
  "block" integer NOT NULL,
  "location_id" integer NOT NULL,
  "kind" text NOT NULL,
  "movements" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_movement_block_deltas" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_movements_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_level_deltas
  SELECT product_id, location_id, sum(quantity)::bigint FROM new_rows GROUP BY 1, 2 HAVING sum(quantity) <> 0;
  INSERT INTO stock_movement_count_deltas
  SELECT product_id, location_id, kind, count(*)::bigint FROM new_rows GROUP BY 1, 2, 3;
  INSERT INTO stock_movement_block_deltas
  SELECT id / 4096, location_id, kind, count(*)::bigint FROM new_rows GROUP BY 1, 2, 3;
  RETURN NULL;
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
    AND NOT EXISTS (SELECT 1 FROM supplier_invoice_month_total_deltas)
    AND NOT EXISTS (SELECT 1 FROM expense_month_total_deltas)
    AND NOT EXISTS (SELECT 1 FROM stock_movement_block_deltas) THEN
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

  -- Per block of 4,096 ids: per location and kind, and over every one (location 0, kind '*').
  WITH moved AS (DELETE FROM stock_movement_block_deltas RETURNING *)
  INSERT INTO stock_movement_blocks AS t
  SELECT block, coalesce(location_id, 0), coalesce(kind, '*'), sum(movements)::bigint FROM moved
  GROUP BY GROUPING SETS ((block, location_id, kind), (block))
  ORDER BY 1, 2, 3
  ON CONFLICT ("block", "location_id", "kind") DO UPDATE SET movements = t.movements + excluded.movements;

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

  WITH moved AS (DELETE FROM expense_month_total_deltas RETURNING *)
  INSERT INTO expense_month_totals AS t
  SELECT * FROM (
    SELECT month, biller_id, sum(expenses)::bigint AS expenses, sum(amount)::bigint AS amount FROM moved GROUP BY 1, 2
  ) s
  WHERE s.expenses <> 0 OR s.amount <> 0
  ORDER BY 1, 2
  ON CONFLICT ("month", "biller_id") DO UPDATE SET expenses = t.expenses + excluded.expenses,
    amount = t.amount + excluded.amount;
END $$;
--> statement-breakpoint
INSERT INTO stock_movement_blocks
SELECT id / 4096, coalesce(location_id, 0), coalesce(kind, '*'), count(*) FROM stock_movements
GROUP BY GROUPING SETS ((id / 4096, location_id, kind), (id / 4096))
ORDER BY 1, 2, 3;
--> statement-breakpoint
ANALYZE stock_movement_blocks;
