-- The kept companies (0041 on invoices, 0063 on expenses and supplier invoices) are looked up as
-- a row is made or its party changes. The invoices' lookup read the company without a lock, so a
-- rename not yet committed was missed: the rename's own update did not see the new invoice, and
-- the invoice kept the old name until the next rename. It now takes a share lock on the biller
-- and the customer, so it waits for such a rename and reads the new name.
--
-- All three now run on an update only when the party really changes: an update that sets the
-- same party again (a form saving every field) has nothing to look up, and, holding the row
-- while a rename of that party waits for it, it could otherwise deadlock with that rename.
CREATE OR REPLACE FUNCTION invoices_sort_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.biller_id IS DISTINCT FROM OLD.biller_id THEN
    NEW.biller_sort := (SELECT company FROM billers WHERE id = NEW.biller_id FOR SHARE);
  END IF;
  IF TG_OP = 'INSERT' OR NEW.customer_id IS DISTINCT FROM OLD.customer_id THEN
    NEW.customer_sort := (SELECT company FROM customers WHERE id = NEW.customer_id FOR SHARE);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER invoices_sort_keys ON "invoices";--> statement-breakpoint
CREATE TRIGGER invoices_sort_keys BEFORE INSERT ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION invoices_sort_keys();--> statement-breakpoint
CREATE TRIGGER invoices_sort_keys_change BEFORE UPDATE OF biller_id, customer_id ON "invoices"
  FOR EACH ROW WHEN (OLD.biller_id IS DISTINCT FROM NEW.biller_id OR OLD.customer_id IS DISTINCT FROM NEW.customer_id)
  EXECUTE FUNCTION invoices_sort_keys();--> statement-breakpoint
DROP TRIGGER distributor_invoices_sort_key ON "distributor_invoices";--> statement-breakpoint
CREATE TRIGGER distributor_invoices_sort_key BEFORE INSERT ON "distributor_invoices"
  FOR EACH ROW EXECUTE FUNCTION distributor_invoices_sort_key();--> statement-breakpoint
CREATE TRIGGER distributor_invoices_sort_key_change BEFORE UPDATE OF distributor_id ON "distributor_invoices"
  FOR EACH ROW WHEN (OLD.distributor_id IS DISTINCT FROM NEW.distributor_id)
  EXECUTE FUNCTION distributor_invoices_sort_key();--> statement-breakpoint
DROP TRIGGER expenses_sort_key ON "expenses";--> statement-breakpoint
CREATE TRIGGER expenses_sort_key BEFORE INSERT ON "expenses"
  FOR EACH ROW EXECUTE FUNCTION expenses_sort_key();--> statement-breakpoint
CREATE TRIGGER expenses_sort_key_change BEFORE UPDATE OF biller_id ON "expenses"
  FOR EACH ROW WHEN (OLD.biller_id IS DISTINCT FROM NEW.biller_id)
  EXECUTE FUNCTION expenses_sort_key();
