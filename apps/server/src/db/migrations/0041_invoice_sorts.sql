DROP INDEX "invoices_status_date_idx";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "biller_sort" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "customer_sort" text;--> statement-breakpoint
-- The invoice list sorts by the biller's and the customer's company from an index: each invoice
-- keeps both companies (null: a walk-in), set when it is made or its biller or customer changes,
-- and rewritten when a biller or a customer is renamed.
UPDATE "invoices" i SET
  "biller_sort" = (SELECT b."company" FROM "billers" b WHERE b."id" = i."biller_id"),
  "customer_sort" = (SELECT c."company" FROM "customers" c WHERE c."id" = i."customer_id");--> statement-breakpoint
CREATE FUNCTION invoices_sort_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.biller_sort := (SELECT company FROM billers WHERE id = NEW.biller_id);
  NEW.customer_sort := (SELECT company FROM customers WHERE id = NEW.customer_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER invoices_sort_keys BEFORE INSERT OR UPDATE OF biller_id, customer_id ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION invoices_sort_keys();--> statement-breakpoint
CREATE FUNCTION billers_sort_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE invoices SET biller_sort = NEW.company WHERE biller_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER billers_sort_key AFTER UPDATE OF company ON "billers"
  FOR EACH ROW WHEN (OLD.company IS DISTINCT FROM NEW.company) EXECUTE FUNCTION billers_sort_key();--> statement-breakpoint
CREATE FUNCTION customers_sort_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE invoices SET customer_sort = NEW.company WHERE customer_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER customers_sort_key AFTER UPDATE OF company ON "customers"
  FOR EACH ROW WHEN (OLD.company IS DISTINCT FROM NEW.company) EXECUTE FUNCTION customers_sort_key();--> statement-breakpoint
CREATE INDEX "invoices_status_date_id_idx" ON "invoices" USING btree ("status","date","id");--> statement-breakpoint
CREATE INDEX "invoices_type_date_id_idx" ON "invoices" USING btree ("type","date","id");--> statement-breakpoint
CREATE INDEX "invoices_paid_date_id_idx" ON "invoices" USING btree ("paid","date","id");--> statement-breakpoint
CREATE INDEX "invoices_balance_date_id_idx" ON "invoices" USING btree ("balance","date","id");--> statement-breakpoint
CREATE INDEX "invoices_discount_date_id_idx" ON "invoices" USING btree ("discount_redeemed","date","id");--> statement-breakpoint
CREATE INDEX "invoices_credited_date_id_idx" ON "invoices" USING btree ("amount_credited","date","id");--> statement-breakpoint
CREATE INDEX "invoices_biller_sort_idx" ON "invoices" USING btree ("biller_sort","date","id");--> statement-breakpoint
CREATE INDEX "invoices_customer_sort_idx" ON "invoices" USING btree ("customer_sort","date","id");
