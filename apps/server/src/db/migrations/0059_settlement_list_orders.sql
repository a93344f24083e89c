-- The settlement report's orders and search (docs/settlement.md, "The report"). Its page and count
-- joined the driver and the truck to every settlement before sorting (5,215 at 200,000 invoices:
-- 5-18 ms of SQL for a sort, 37 ms for a search). Now the page's ids come from settlements alone,
-- in an order each of these indexes gives read either way (ties by day and id in the sort's
-- direction); the drivers and trucks a search names are found first in their small tables.
DROP INDEX "settlements_day_idx";--> statement-breakpoint
CREATE INDEX "settlements_day_id_idx" ON "settlements" USING btree ("day","id");--> statement-breakpoint
CREATE INDEX "settlements_status_day_idx" ON "settlements" USING btree ("status","day","id");--> statement-breakpoint
CREATE INDEX "settlements_over_short_day_idx" ON "settlements" USING btree (("stock_over_short" + "money_over_short" + "adjustments"),"day","id");--> statement-breakpoint
-- A search's note part, guarded as 0018's trigram indexes are.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS settlements_note_trgm_idx ON settlements USING gin (note gin_trgm_ops) WITH (fastupdate = off);
  END IF;
END $$;
