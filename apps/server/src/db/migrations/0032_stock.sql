-- Stock by location (docs/stock.md): the warehouse, the damaged-goods bin and one truck per route;
-- a ledger of movements that is never changed; on hand per product and location kept as the sum
-- of the movements by the same appended deltas as the other roll-ups (rollups_fold folds them).
CREATE TABLE "stock_level_deltas" (
	"product_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"quantity" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_levels" (
	"product_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"quantity" bigint NOT NULL,
	CONSTRAINT "stock_levels_product_id_location_id_pk" PRIMARY KEY("product_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "stock_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"route_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"product_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"source_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"user_id" integer,
	CONSTRAINT "stock_movements_quantity_check" CHECK ("stock_movements"."quantity" <> 0)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "stock_location_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_locations" ADD CONSTRAINT "stock_locations_route_id_delivery_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."delivery_routes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_level_deltas_product_idx" ON "stock_level_deltas" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "stock_levels_location_idx" ON "stock_levels" USING btree ("location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_locations_route_idx" ON "stock_locations" USING btree ("route_id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_source_idx" ON "stock_movements" USING btree ("source","source_id");
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_kind_check" CHECK ("kind" IN ('received', 'loaded', 'unloaded', 'sold', 'returned', 'damaged', 'counted', 'settled'));
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_source_check" CHECK ("source" IN ('invoice', 'supplier_invoice', 'transfer', 'count', 'settlement'));
--> statement-breakpoint
ALTER TABLE "stock_locations" ADD CONSTRAINT "stock_locations_kind_check" CHECK ("kind" IN ('warehouse', 'damaged', 'truck'));
--> statement-breakpoint
-- The two fixed locations; the trucks of the routes that exist.
INSERT INTO "stock_locations" ("id", "kind", "name") VALUES (1, 'warehouse', 'Warehouse'), (2, 'damaged', 'Damaged goods');
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('stock_locations', 'id'), 2);
--> statement-breakpoint
INSERT INTO "stock_locations" ("kind", "name", "route_id") SELECT 'truck', "truck", "id" FROM "delivery_routes" ORDER BY "id";
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_stock_location_id_fk" FOREIGN KEY ("stock_location_id") REFERENCES "public"."stock_locations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
-- A route's truck is a location: made with the route, renamed with it.
CREATE FUNCTION stock_route_truck() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_locations (kind, name, route_id) VALUES ('truck', NEW.truck, NEW.id)
  ON CONFLICT (route_id) DO UPDATE SET name = excluded.name, updated_at = now()
  WHERE stock_locations.name IS DISTINCT FROM excluded.name;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER delivery_routes_stock_truck AFTER INSERT OR UPDATE OF truck ON delivery_routes
  FOR EACH ROW EXECUTE FUNCTION stock_route_truck();
--> statement-breakpoint
-- Every movement appends its quantity to the deltas (inserts never wait on each other).
CREATE FUNCTION stock_movements_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_level_deltas
  SELECT product_id, location_id, sum(quantity)::bigint FROM new_rows GROUP BY 1, 2 HAVING sum(quantity) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_movements_deltas AFTER INSERT ON stock_movements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_movements_apply();
--> statement-breakpoint
-- The ledger is never changed: a correction is a new movement. The one change let through is the
-- foreign key's own: a deleted user's movements keep everything but who made them (user_id set to
-- null).
CREATE FUNCTION stock_movements_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.user_id IS NULL AND OLD.user_id IS NOT NULL
    AND (to_jsonb(NEW) - 'user_id') = (to_jsonb(OLD) - 'user_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'stock movements are never changed or deleted; add a correcting movement';
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_movements_frozen BEFORE UPDATE OR DELETE ON stock_movements
  FOR EACH ROW EXECUTE FUNCTION stock_movements_frozen();
--> statement-breakpoint
ALTER TABLE "stock_level_deltas" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000);
--> statement-breakpoint
-- A line of an invoice that is not NEW moves stock: a sale (quantity > 0) out of the invoice's
-- location, a resellable return back into it, a damaged return into the damaged-goods bin.
-- `n` is +1 for a line as it now is, -1 for the line as it was (its movement reversed); the
-- changes of one statement are summed per invoice, product, location and kind, and only what
-- changed is written.
CREATE TYPE stock_line_change AS (invoice_id integer, product_id integer, location_id integer, quantity integer, damaged boolean, n integer);
--> statement-breakpoint
CREATE FUNCTION stock_lines_apply(c stock_line_change[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF c IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO stock_movements (product_id, location_id, quantity, kind, source, source_id)
  SELECT product_id, location_id, q, kind, 'invoice', invoice_id FROM (
    SELECT u.invoice_id, u.product_id,
      CASE WHEN u.quantity < 0 AND u.damaged THEN 2 ELSE u.location_id END AS location_id,
      CASE WHEN u.quantity > 0 THEN 'sold' WHEN u.damaged THEN 'damaged' ELSE 'returned' END AS kind,
      sum(-u.n * u.quantity)::integer AS q
    FROM unnest(c) u WHERE u.product_id IS NOT NULL AND u.quantity <> 0
    GROUP BY 1, 2, 3, 4
  ) s WHERE s.q <> 0 ORDER BY invoice_id, product_id, location_id, kind;
END $$;
--> statement-breakpoint
CREATE FUNCTION stock_invoice_items() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c stock_line_change[];
BEGIN
  -- Lines removed with their invoice are reversed by stock_invoices_delete (their invoice is gone here).
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(r.invoice_id, r.product_id, i.stock_location_id, r.quantity, r.damaged_good, 1)::stock_line_change)
    INTO c FROM new_rows r JOIN invoices i ON i.id = r.invoice_id WHERE i.status <> 'NEW';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(r.invoice_id, r.product_id, i.stock_location_id, r.quantity, r.damaged_good, -1)::stock_line_change)
    INTO c FROM old_rows r JOIN invoices i ON i.id = r.invoice_id WHERE i.status <> 'NEW';
  ELSE
    SELECT array_agg(ROW(r.invoice_id, r.product_id, i.stock_location_id, r.quantity, r.damaged_good, r.n)::stock_line_change)
    INTO c FROM (
      SELECT invoice_id, product_id, quantity, damaged_good, 1 AS n FROM new_rows
      UNION ALL
      SELECT invoice_id, product_id, quantity, damaged_good, -1 FROM old_rows
    ) r JOIN invoices i ON i.id = r.invoice_id WHERE i.status <> 'NEW';
  END IF;
  PERFORM stock_lines_apply(c);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_items_stock_insert AFTER INSERT ON invoice_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_invoice_items();
--> statement-breakpoint
CREATE TRIGGER invoice_items_stock_update AFTER UPDATE ON invoice_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_invoice_items();
--> statement-breakpoint
CREATE TRIGGER invoice_items_stock_delete AFTER DELETE ON invoice_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_invoice_items();
--> statement-breakpoint
-- An invoice leaving NEW moves its lines; going back to NEW, or changing its location, moves
-- them back (and to the new location); deleting an invoice that is not NEW reverses its lines.
CREATE FUNCTION stock_invoices_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c stock_line_change[];
BEGIN
  SELECT array_agg(ROW(r.invoice_id, r.product_id, r.location_id, r.quantity, r.damaged_good, r.n)::stock_line_change)
  INTO c FROM (
    SELECT l.invoice_id, l.product_id, NEW.stock_location_id AS location_id, l.quantity, l.damaged_good, 1 AS n
    FROM invoice_items l WHERE l.invoice_id = NEW.id AND TG_OP = 'UPDATE' AND NEW.status <> 'NEW'
    UNION ALL
    SELECT l.invoice_id, l.product_id, OLD.stock_location_id, l.quantity, l.damaged_good, -1
    FROM invoice_items l WHERE l.invoice_id = OLD.id AND OLD.status <> 'NEW'
  ) r;
  PERFORM stock_lines_apply(c);
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_stock_change AFTER UPDATE OF status, stock_location_id ON invoices
  FOR EACH ROW WHEN ((OLD.status = 'NEW') <> (NEW.status = 'NEW') OR (OLD.stock_location_id <> NEW.stock_location_id AND NEW.status <> 'NEW'))
  EXECUTE FUNCTION stock_invoices_change();
--> statement-breakpoint
CREATE TRIGGER invoices_stock_delete BEFORE DELETE ON invoices
  FOR EACH ROW WHEN (OLD.status <> 'NEW') EXECUTE FUNCTION stock_invoices_change();
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
    AND NOT EXISTS (SELECT 1 FROM stock_level_deltas) THEN
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
END $$;
