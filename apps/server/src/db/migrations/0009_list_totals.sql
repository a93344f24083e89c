-- Invoice list footers at scale (issue 12, docs/performance-lists.md). The totals of
-- invoice/all without a search are summed from this roll-up instead of the rows: one
-- row per day, biller, type and status, kept exact by the statement triggers below on
-- every insert, update, delete (and COPY) of invoices.
CREATE TABLE "invoice_day_totals" (
  "date" date NOT NULL,
  "biller_id" integer NOT NULL,
  "type" text NOT NULL,
  "status" text NOT NULL,
  "invoices" bigint NOT NULL DEFAULT 0,
  "total" bigint NOT NULL DEFAULT 0,
  "paid" bigint NOT NULL DEFAULT 0,
  "discount_redeemed" bigint NOT NULL DEFAULT 0,
  "amount_credited" bigint NOT NULL DEFAULT 0,
  "balance" bigint NOT NULL DEFAULT 0,
  PRIMARY KEY ("date", "biller_id", "type", "status")
);
--> statement-breakpoint
INSERT INTO "invoice_day_totals"
SELECT "date", "biller_id", "type", "status", count(*), sum("total"), sum("paid"), sum("discount_redeemed"),
  sum("amount_credited"), sum("balance")
FROM "invoices" GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- Adds the statement's changes (new rows minus old rows), once per key, in key order (no
-- deadlocks between two statements that touch several keys); a change that moves none of
-- the sums (remarks, notes, a header flag) writes nothing.
CREATE FUNCTION invoice_day_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas invoice_day_totals[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(d.*)::invoice_day_totals) INTO deltas FROM (
      SELECT date, biller_id, type, status, count(*), sum(total), sum(paid), sum(discount_redeemed),
        sum(amount_credited), sum(balance)
      FROM new_rows GROUP BY 1, 2, 3, 4) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(d.*)::invoice_day_totals) INTO deltas FROM (
      SELECT date, biller_id, type, status, -count(*), -sum(total), -sum(paid), -sum(discount_redeemed),
        -sum(amount_credited), -sum(balance)
      FROM old_rows GROUP BY 1, 2, 3, 4) d;
  ELSE
    SELECT array_agg(ROW(d.*)::invoice_day_totals) INTO deltas FROM (
      SELECT date, biller_id, type, status, sum(n), sum(total), sum(paid), sum(discount_redeemed),
        sum(amount_credited), sum(balance)
      FROM (
        SELECT date, biller_id, type, status, 1 AS n, total::bigint AS total, paid::bigint AS paid,
          discount_redeemed::bigint AS discount_redeemed, amount_credited::bigint AS amount_credited,
          balance::bigint AS balance
        FROM new_rows
        UNION ALL
        SELECT date, biller_id, type, status, -1, -total, -paid, -discount_redeemed, -amount_credited, -balance
        FROM old_rows
      ) c GROUP BY 1, 2, 3, 4) d;
  END IF;
  INSERT INTO invoice_day_totals AS t
  SELECT * FROM unnest(deltas) u
  WHERE u.invoices <> 0 OR u.total <> 0 OR u.paid <> 0 OR u.discount_redeemed <> 0 OR u.amount_credited <> 0
    OR u.balance <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("date", "biller_id", "type", "status") DO UPDATE SET
    invoices = t.invoices + excluded.invoices,
    total = t.total + excluded.total,
    paid = t.paid + excluded.paid,
    discount_redeemed = t.discount_redeemed + excluded.discount_redeemed,
    amount_credited = t.amount_credited + excluded.amount_credited,
    balance = t.balance + excluded.balance;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_day_totals_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_day_totals_apply();
--> statement-breakpoint
CREATE TRIGGER invoice_day_totals_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_day_totals_apply();
--> statement-breakpoint
CREATE TRIGGER invoice_day_totals_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_day_totals_apply();
--> statement-breakpoint
CREATE FUNCTION invoice_day_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE invoice_day_totals;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_day_totals_truncate AFTER TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_day_totals_truncate();
--> statement-breakpoint
-- Pages in the list's orders, read from the index alone before the joins (date, then total).
CREATE INDEX "invoices_date_id_idx" ON "invoices" ("date", "id");
--> statement-breakpoint
CREATE INDEX "invoices_total_date_id_idx" ON "invoices" ("total", "date", "id");
