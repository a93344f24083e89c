-- The roll-up leaves out NEW invoices (issue 12, docs/performance-lists.md). Scans change the
-- totals of a NEW invoice many times a second, and every one of them wrote the same roll-up
-- row (today, biller, type, NEW), holding its lock until commit: 20 clients scanning their own
-- invoices ran one at a time (pgbench: 350-400 tps against 1,300-1,700 without it). NEW
-- invoices are few, so the list sums them from the rows (invoices_status_date_idx).
DELETE FROM "invoice_day_totals" WHERE "status" = 'NEW';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_day_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas invoice_day_totals[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(d.*)::invoice_day_totals) INTO deltas FROM (
      SELECT date, biller_id, type, status, count(*), sum(total), sum(paid), sum(discount_redeemed),
        sum(amount_credited), sum(balance)
      FROM new_rows WHERE status <> 'NEW' GROUP BY 1, 2, 3, 4) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(d.*)::invoice_day_totals) INTO deltas FROM (
      SELECT date, biller_id, type, status, -count(*), -sum(total), -sum(paid), -sum(discount_redeemed),
        -sum(amount_credited), -sum(balance)
      FROM old_rows WHERE status <> 'NEW' GROUP BY 1, 2, 3, 4) d;
  ELSE
    SELECT array_agg(ROW(d.*)::invoice_day_totals) INTO deltas FROM (
      SELECT date, biller_id, type, status, sum(n), sum(total), sum(paid), sum(discount_redeemed),
        sum(amount_credited), sum(balance)
      FROM (
        SELECT date, biller_id, type, status, 1 AS n, total::bigint AS total, paid::bigint AS paid,
          discount_redeemed::bigint AS discount_redeemed, amount_credited::bigint AS amount_credited,
          balance::bigint AS balance
        FROM new_rows WHERE status <> 'NEW'
        UNION ALL
        SELECT date, biller_id, type, status, -1, -total, -paid, -discount_redeemed, -amount_credited, -balance
        FROM old_rows WHERE status <> 'NEW'
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
