-- The audit trail's count without counting the log. At 200,000 invoices the log holds an entry
-- per invoice, line and payment (2.6 million): counting them for every page of /audit took
-- 130 ms of SQL alone (1.6 s at 10 clients), a filter by action 200–370 ms. The log's statement
-- triggers now append how many entries each statement wrote (or deleted, or moved: a deleted
-- user's entries lose their user through the foreign key's "set null") per UTC day, user (0:
-- none), kind of record and action; rollups_fold folds them onto audit_day_counts and
-- audit_month_counts, as it folds the other roll-ups, so writers never wait on a shared count
-- row. The trail's page is found through them too (audit-seek.repository.ts), and its filters and sorts by
-- user, kind of record and action each have a (column, created_at) index.
CREATE TABLE "audit_day_count_deltas" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"entity" text NOT NULL,
	"action" text NOT NULL,
	"entries" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_day_counts" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"entity" text NOT NULL,
	"action" text NOT NULL,
	"entries" bigint NOT NULL,
	CONSTRAINT "audit_day_counts_day_entity_action_user_id_pk" PRIMARY KEY("day","entity","action","user_id")
);
--> statement-breakpoint
CREATE TABLE "audit_month_counts" (
	"month" date NOT NULL,
	"user_id" integer NOT NULL,
	"entity" text NOT NULL,
	"action" text NOT NULL,
	"entries" bigint NOT NULL,
	CONSTRAINT "audit_month_counts_month_entity_action_user_id_pk" PRIMARY KEY("month","entity","action","user_id")
);
--> statement-breakpoint
CREATE INDEX "audit_log_user_created_idx" ON "audit_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_created_idx" ON "audit_log" USING btree ("entity","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_created_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
-- An invoice's history finds its lines' and payments' entries through audit_log_invoice_idx, but
-- that index is partial, so the planner had no statistics for its expression: it guessed 12,000
-- entries per invoice and walked the whole log newest first to find 7 (840 ms at 2.6 million
-- entries). Statistics on the expression itself give it the real few (0.07 ms, a bitmap of both indexes).
CREATE STATISTICS "audit_log_invoice_stats" ON ((coalesce("after", "before") ->> 'invoiceID')::int) FROM "audit_log";
--> statement-breakpoint
ANALYZE "audit_log";
--> statement-breakpoint
CREATE FUNCTION audit_log_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO audit_day_count_deltas
    SELECT (created_at AT TIME ZONE 'UTC')::date, coalesce(user_id, 0), entity, action, count(*)::bigint
    FROM new_rows GROUP BY 1, 2, 3, 4;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO audit_day_count_deltas
    SELECT (created_at AT TIME ZONE 'UTC')::date, coalesce(user_id, 0), entity, action, -count(*)::bigint
    FROM old_rows GROUP BY 1, 2, 3, 4;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_counts_insert AFTER INSERT ON "audit_log" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_counts();
--> statement-breakpoint
CREATE TRIGGER audit_log_counts_update AFTER UPDATE ON "audit_log" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_counts();
--> statement-breakpoint
CREATE TRIGGER audit_log_counts_delete AFTER DELETE ON "audit_log" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_counts();
--> statement-breakpoint
CREATE FUNCTION audit_log_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE audit_day_counts, audit_month_counts, audit_day_count_deltas;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_counts_truncate AFTER TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_counts_truncate();
--> statement-breakpoint
ALTER TABLE "audit_day_count_deltas" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000);
--> statement-breakpoint
-- No entry written between the count below and the triggers' first deltas (the migration is one
-- transaction; writers wait for it).
LOCK TABLE audit_log IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO audit_day_counts
SELECT (created_at AT TIME ZONE 'UTC')::date, coalesce(user_id, 0), entity, action, count(*)::bigint
FROM audit_log GROUP BY 1, 2, 3, 4 ORDER BY 1, 3, 4, 2;
--> statement-breakpoint
INSERT INTO audit_month_counts
SELECT date_trunc('month', day)::date, user_id, entity, action, sum(entries)::bigint
FROM audit_day_counts GROUP BY 1, 2, 3, 4 ORDER BY 1, 3, 4, 2;
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
    AND NOT EXISTS (SELECT 1 FROM report_product_id_month_deltas) AND NOT EXISTS (SELECT 1 FROM audit_day_count_deltas) THEN
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
END $$;
