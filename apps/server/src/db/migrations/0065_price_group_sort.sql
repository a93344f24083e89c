ALTER TABLE "customers" ADD COLUMN "price_group_sort" text;--> statement-breakpoint
-- The customer list sorted by price group joined every customer to its group and sorted them all
-- (26,667 customers: 13 ms). Each customer now keeps its group's name, set when it is made or its
-- group changes (also by the foreign key's "set default" when its group is deleted) and
-- rewritten when the group is renamed, as invoices keep their parties' companies (0041, 0064);
-- an index of (name, company, id) over the live customers gives a page either way. The lookup
-- takes a share lock on the group, so a rename not yet committed makes the customer wait and
-- read the new name.
UPDATE "customers" c SET "price_group_sort" = (SELECT g."name" FROM "price_groups" g WHERE g."id" = c."price_group_id");--> statement-breakpoint
CREATE FUNCTION customers_price_group_sort() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.price_group_sort := (SELECT name FROM price_groups WHERE id = NEW.price_group_id FOR SHARE);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER customers_price_group_sort BEFORE INSERT ON "customers"
  FOR EACH ROW EXECUTE FUNCTION customers_price_group_sort();--> statement-breakpoint
CREATE TRIGGER customers_price_group_sort_change BEFORE UPDATE OF price_group_id ON "customers"
  FOR EACH ROW WHEN (OLD.price_group_id IS DISTINCT FROM NEW.price_group_id)
  EXECUTE FUNCTION customers_price_group_sort();--> statement-breakpoint
CREATE FUNCTION price_groups_sort_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customers SET price_group_sort = NEW.name WHERE price_group_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER price_groups_sort_key AFTER UPDATE OF name ON "price_groups"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION price_groups_sort_key();--> statement-breakpoint
CREATE INDEX "customers_live_price_group_sort_idx" ON "customers" USING btree ("price_group_sort","company","id") WHERE "customers"."deleted_at" is null;
