-- A supplier's payment history reads its payments in date order through an index: each payment
-- keeps its invoice's supplier, set from the invoice on insert and on any change of its invoice or
-- of the column itself (a writer cannot set it wrong), and moved when the invoice's supplier changes.
ALTER TABLE "distributor_payments" ADD COLUMN "distributor_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "distributor_payments" p SET "distributor_id" = i."distributor_id"
  FROM "distributor_invoices" i WHERE i."id" = p."invoice_id";--> statement-breakpoint
CREATE FUNCTION distributor_payments_supplier() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.distributor_id := (SELECT distributor_id FROM distributor_invoices WHERE id = NEW.invoice_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER distributor_payments_supplier BEFORE INSERT OR UPDATE OF invoice_id, distributor_id
  ON "distributor_payments" FOR EACH ROW EXECUTE FUNCTION distributor_payments_supplier();--> statement-breakpoint
CREATE FUNCTION distributor_invoices_move_payments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE distributor_payments SET distributor_id = NEW.distributor_id WHERE invoice_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER distributor_invoices_move_payments AFTER UPDATE OF distributor_id ON "distributor_invoices"
  FOR EACH ROW WHEN (OLD.distributor_id IS DISTINCT FROM NEW.distributor_id)
  EXECUTE FUNCTION distributor_invoices_move_payments();--> statement-breakpoint
CREATE INDEX "distributor_payments_distributor_date_idx" ON "distributor_payments" USING btree ("distributor_id","date","id");
