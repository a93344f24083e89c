-- Receiving (docs/stock.md): a supplier invoice may list the products it delivered. Each line's
-- change is a 'received' movement into the warehouse (location 1), written by a trigger, so a
-- line added, changed or removed (or its invoice deleted) always moves the stock by exactly that.
CREATE TABLE "distributor_invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"cost" integer NOT NULL,
	"subtotal" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "distributor_invoice_lines" ADD CONSTRAINT "distributor_invoice_lines_invoice_id_distributor_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."distributor_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_invoice_lines" ADD CONSTRAINT "distributor_invoice_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "distributor_invoice_lines_product_idx" ON "distributor_invoice_lines" USING btree ("invoice_id","product_id");--> statement-breakpoint
CREATE INDEX "distributor_invoice_lines_product_id_idx" ON "distributor_invoice_lines" USING btree ("product_id");
--> statement-breakpoint
CREATE FUNCTION stock_supplier_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO stock_movements (product_id, location_id, quantity, kind, source, source_id)
    SELECT product_id, 1, sum(quantity)::integer, 'received', 'supplier_invoice', invoice_id
    FROM new_rows GROUP BY invoice_id, product_id HAVING sum(quantity) <> 0 ORDER BY invoice_id, product_id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO stock_movements (product_id, location_id, quantity, kind, source, source_id)
    SELECT product_id, 1, -sum(quantity)::integer, 'received', 'supplier_invoice', invoice_id
    FROM old_rows GROUP BY invoice_id, product_id HAVING sum(quantity) <> 0 ORDER BY invoice_id, product_id;
  ELSE
    INSERT INTO stock_movements (product_id, location_id, quantity, kind, source, source_id)
    SELECT product_id, 1, sum(q)::integer, 'received', 'supplier_invoice', invoice_id FROM (
      SELECT invoice_id, product_id, quantity AS q FROM new_rows
      UNION ALL
      SELECT invoice_id, product_id, -quantity FROM old_rows
    ) c GROUP BY invoice_id, product_id HAVING sum(q) <> 0 ORDER BY invoice_id, product_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER distributor_invoice_lines_stock_insert AFTER INSERT ON distributor_invoice_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_supplier_lines();
--> statement-breakpoint
CREATE TRIGGER distributor_invoice_lines_stock_update AFTER UPDATE ON distributor_invoice_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_supplier_lines();
--> statement-breakpoint
CREATE TRIGGER distributor_invoice_lines_stock_delete AFTER DELETE ON distributor_invoice_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_supplier_lines();
