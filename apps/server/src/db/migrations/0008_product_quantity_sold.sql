ALTER TABLE "products" ADD COLUMN "quantity_sold" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- products.quantity_sold = Σ quantity of the product's lines on invoices that are not NEW
-- (DOMAIN.md). Kept here, by the database, so every path (scan, line edit, delete, submit,
-- seed, bulk COPY) keeps it exact. Deltas are applied in product id order (no deadlocks
-- between two transactions that touch several products).
CREATE FUNCTION products_add_quantity_sold(ids integer[], qs bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d_ids integer[];
  d_qs bigint[];
BEGIN
  SELECT array_agg(s.id ORDER BY s.id), array_agg(s.q ORDER BY s.id) INTO d_ids, d_qs
  FROM (SELECT u.id, sum(u.q) AS q FROM unnest(ids, qs) AS u(id, q) WHERE u.id IS NOT NULL GROUP BY u.id) s
  WHERE s.q <> 0;
  IF d_ids IS NULL THEN
    RETURN;
  END IF;
  IF cardinality(d_ids) > 1 THEN
    PERFORM 1 FROM products WHERE id = ANY (d_ids) ORDER BY id FOR UPDATE;
  END IF;
  UPDATE products p SET quantity_sold = p.quantity_sold + u.q
  FROM unnest(d_ids, d_qs) AS u(id, q)
  WHERE p.id = u.id;
END $$;
--> statement-breakpoint
-- Lines added, changed or removed on invoices that are not NEW (once per statement).
CREATE FUNCTION invoice_items_quantity_sold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  qs bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(c.product_id), array_agg(c.quantity) INTO ids, qs
    FROM new_rows c JOIN invoices i ON i.id = c.invoice_id
    WHERE i.status <> 'NEW' AND c.product_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    -- Lines removed with their invoice are not counted here (see invoices_quantity_sold_delete).
    SELECT array_agg(c.product_id), array_agg(-c.quantity) INTO ids, qs
    FROM old_rows c JOIN invoices i ON i.id = c.invoice_id
    WHERE i.status <> 'NEW' AND c.product_id IS NOT NULL;
  ELSE
    SELECT array_agg(c.product_id), array_agg(c.quantity) INTO ids, qs
    FROM (
      SELECT product_id, invoice_id, quantity::bigint AS quantity FROM new_rows
      UNION ALL
      SELECT product_id, invoice_id, -quantity::bigint FROM old_rows
    ) c JOIN invoices i ON i.id = c.invoice_id
    WHERE i.status <> 'NEW' AND c.product_id IS NOT NULL;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM products_add_quantity_sold(ids, qs);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_items_quantity_sold_insert AFTER INSERT ON invoice_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_items_quantity_sold();
--> statement-breakpoint
CREATE TRIGGER invoice_items_quantity_sold_update AFTER UPDATE ON invoice_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_items_quantity_sold();
--> statement-breakpoint
CREATE TRIGGER invoice_items_quantity_sold_delete AFTER DELETE ON invoice_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_items_quantity_sold();
--> statement-breakpoint
-- An invoice leaving NEW counts its lines; one going back to NEW, or deleted while not NEW,
-- takes them off (before the delete, while its lines are still there).
CREATE FUNCTION invoices_quantity_sold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  qs bigint[];
  dir integer := CASE WHEN TG_OP = 'UPDATE' AND NEW.status <> 'NEW' THEN 1 ELSE -1 END;
BEGIN
  SELECT array_agg(ii.product_id), array_agg(dir * ii.quantity::bigint) INTO ids, qs
  FROM invoice_items ii WHERE ii.invoice_id = OLD.id AND ii.product_id IS NOT NULL;
  IF ids IS NOT NULL THEN
    PERFORM products_add_quantity_sold(ids, qs);
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_quantity_sold_status AFTER UPDATE OF status ON invoices
  FOR EACH ROW WHEN ((OLD.status = 'NEW') <> (NEW.status = 'NEW')) EXECUTE FUNCTION invoices_quantity_sold();
--> statement-breakpoint
CREATE TRIGGER invoices_quantity_sold_delete BEFORE DELETE ON invoices
  FOR EACH ROW WHEN (OLD.status <> 'NEW') EXECUTE FUNCTION invoices_quantity_sold();
--> statement-breakpoint
UPDATE products p SET quantity_sold = s.q
FROM (
  SELECT ii.product_id, sum(ii.quantity) AS q
  FROM invoice_items ii JOIN invoices i ON i.id = ii.invoice_id
  WHERE i.status <> 'NEW' AND ii.product_id IS NOT NULL
  GROUP BY ii.product_id
) s
WHERE p.id = s.product_id;
