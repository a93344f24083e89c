-- Before 0064 an invoice made or moved to a party while that party was being renamed could keep
-- the old name (its lookup did not wait for the rename). 0064 stops new ones; this puts right any
-- such row already there, once. Only rows whose kept name differs are written.
UPDATE "invoices" i SET "customer_sort" = c."company"
  FROM "customers" c WHERE c."id" = i."customer_id" AND i."customer_sort" IS DISTINCT FROM c."company";--> statement-breakpoint
UPDATE "invoices" i SET "biller_sort" = b."company"
  FROM "billers" b WHERE b."id" = i."biller_id" AND i."biller_sort" IS DISTINCT FROM b."company";--> statement-breakpoint
UPDATE "distributor_invoices" i SET "supplier_sort" = s."company"
  FROM "distributors" s WHERE s."id" = i."distributor_id" AND i."supplier_sort" IS DISTINCT FROM s."company";--> statement-breakpoint
UPDATE "expenses" e SET "biller_sort" = b."company"
  FROM "billers" b WHERE b."id" = e."biller_id" AND e."biller_sort" IS DISTINCT FROM b."company";
