-- The reorder report grouped every product's warehouse and truck rows of stock_levels on each
-- call (about 4,000 rows into 1,160 products: 4-5 ms for its page and as much again for its count
-- and totals, ~10 ms of SQL a call). stock_sellable keeps those two sums per product. Only the
-- roll-ups' fold writes stock_levels (one folder at a time, under its advisory lock), so statement
-- triggers on stock_levels keep this table without a hot row: a writer of stock movements still
-- only appends deltas. Rows are never removed (a product with nothing left keeps 0 and 0).
CREATE TABLE "stock_sellable" (
  "product_id" integer PRIMARY KEY,
  "warehouse" bigint NOT NULL DEFAULT 0,
  "trucks" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
-- Adds what a statement changed on stock_levels, per product and by its location's kind (the
-- damaged bin is not sellable). Each branch reads only the transition tables its event has.
CREATE FUNCTION stock_sellable_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d stock_levels[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(r) INTO d FROM new_rows r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(product_id, location_id, -quantity)::stock_levels) INTO d FROM old_rows;
  ELSE
    SELECT array_agg(r) INTO d FROM (
      SELECT * FROM new_rows
      UNION ALL
      SELECT product_id, location_id, -quantity FROM old_rows
    ) r;
  END IF;
  INSERT INTO stock_sellable AS t (product_id, warehouse, trucks)
  SELECT u.product_id,
    coalesce(sum(u.quantity) FILTER (WHERE k.kind = 'warehouse'), 0)::bigint,
    coalesce(sum(u.quantity) FILTER (WHERE k.kind = 'truck'), 0)::bigint
  FROM unnest(d) u JOIN stock_locations k ON k.id = u.location_id AND k.kind IN ('warehouse', 'truck')
  GROUP BY u.product_id ORDER BY u.product_id
  ON CONFLICT ("product_id") DO UPDATE SET
    warehouse = t.warehouse + excluded.warehouse, trucks = t.trucks + excluded.trucks;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION stock_sellable_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE stock_sellable;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- No fold between the sums below and the triggers (the migration is one transaction).
LOCK TABLE stock_levels IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO stock_sellable (product_id, warehouse, trucks)
SELECT l.product_id,
  coalesce(sum(l.quantity) FILTER (WHERE k.kind = 'warehouse'), 0),
  coalesce(sum(l.quantity) FILTER (WHERE k.kind = 'truck'), 0)
FROM stock_levels l JOIN stock_locations k ON k.id = l.location_id AND k.kind IN ('warehouse', 'truck')
GROUP BY l.product_id;
--> statement-breakpoint
CREATE TRIGGER stock_sellable_insert AFTER INSERT ON stock_levels REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stock_sellable_apply();
--> statement-breakpoint
CREATE TRIGGER stock_sellable_update AFTER UPDATE ON stock_levels REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stock_sellable_apply();
--> statement-breakpoint
CREATE TRIGGER stock_sellable_delete AFTER DELETE ON stock_levels REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stock_sellable_apply();
--> statement-breakpoint
CREATE TRIGGER stock_sellable_truncate AFTER TRUNCATE ON stock_levels
  FOR EACH STATEMENT EXECUTE FUNCTION stock_sellable_truncate();
