ALTER TABLE "expenses" ADD COLUMN "biller_sort" text;--> statement-breakpoint
ALTER TABLE "distributor_invoices" ADD COLUMN "supplier_sort" text;--> statement-breakpoint
-- The supplier invoice list sorted by supplier, and the expense list by biller, joined every row
-- to its party and sorted them all (40,000 supplier invoices: 14 ms). Each row now keeps its
-- party's company, set when it is made or its party changes and rewritten when the party is
-- renamed, as the invoices keep theirs (0041); an index of (company, date, id) gives a page
-- either way. The expense list gets an index per sortable column too. The lookup takes a share
-- lock on the party, so a rename not yet committed makes a new row wait and read the new name.
UPDATE "distributor_invoices" i SET "supplier_sort" = (SELECT s."company" FROM "distributors" s WHERE s."id" = i."distributor_id");--> statement-breakpoint
UPDATE "expenses" e SET "biller_sort" = (SELECT b."company" FROM "billers" b WHERE b."id" = e."biller_id");--> statement-breakpoint
CREATE FUNCTION distributor_invoices_sort_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.supplier_sort := (SELECT company FROM distributors WHERE id = NEW.distributor_id FOR SHARE);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER distributor_invoices_sort_key BEFORE INSERT OR UPDATE OF distributor_id ON "distributor_invoices"
  FOR EACH ROW EXECUTE FUNCTION distributor_invoices_sort_key();--> statement-breakpoint
CREATE FUNCTION distributors_sort_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE distributor_invoices SET supplier_sort = NEW.company WHERE distributor_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER distributors_sort_key AFTER UPDATE OF company ON "distributors"
  FOR EACH ROW WHEN (OLD.company IS DISTINCT FROM NEW.company) EXECUTE FUNCTION distributors_sort_key();--> statement-breakpoint
CREATE FUNCTION expenses_sort_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.biller_sort := (SELECT company FROM billers WHERE id = NEW.biller_id FOR SHARE);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER expenses_sort_key BEFORE INSERT OR UPDATE OF biller_id ON "expenses"
  FOR EACH ROW EXECUTE FUNCTION expenses_sort_key();--> statement-breakpoint
CREATE FUNCTION billers_expense_sort_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE expenses SET biller_sort = NEW.company WHERE biller_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER billers_expense_sort_key AFTER UPDATE OF company ON "billers"
  FOR EACH ROW WHEN (OLD.company IS DISTINCT FROM NEW.company) EXECUTE FUNCTION billers_expense_sort_key();--> statement-breakpoint
CREATE INDEX "expenses_biller_sort_idx" ON "expenses" USING btree ("biller_sort","date","id");--> statement-breakpoint
CREATE INDEX "expenses_expense_sort_idx" ON "expenses" USING btree ("expense","date","id");--> statement-breakpoint
CREATE INDEX "expenses_category_sort_idx" ON "expenses" USING btree ("category","date","id");--> statement-breakpoint
CREATE INDEX "expenses_amount_sort_idx" ON "expenses" USING btree ("amount","date","id");--> statement-breakpoint
CREATE INDEX "distributor_invoices_supplier_sort_idx" ON "distributor_invoices" USING btree ("supplier_sort","date","id");
