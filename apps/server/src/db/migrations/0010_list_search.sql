-- List searches (issue 12, docs/performance-lists.md). `ILIKE '%text%'` can use a trigram
-- index: on the invoice number, and on the customer columns the customer list searches (the
-- invoice list finds a customer's invoices through these, then invoices_customer_idx).
-- Created where the pg_trgm extension is available (PostgreSQL; PGlite when the server
-- loads its pg_trgm contrib); without it the searches give the same rows, unindexed.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX invoices_invoice_no_trgm_idx ON invoices USING gin (invoice_no gin_trgm_ops);
    CREATE INDEX customers_company_trgm_idx ON customers USING gin (company gin_trgm_ops);
    CREATE INDEX customers_name_trgm_idx ON customers USING gin (name gin_trgm_ops);
    CREATE INDEX customers_city_trgm_idx ON customers USING gin (city gin_trgm_ops);
    CREATE INDEX customers_phone_trgm_idx ON customers USING gin (phone gin_trgm_ops);
    CREATE INDEX customers_email_trgm_idx ON customers USING gin (email gin_trgm_ops);
    CREATE INDEX customers_tax_permit_number_trgm_idx ON customers USING gin (tax_permit_number gin_trgm_ops);
  END IF;
END $$;
--> statement-breakpoint
-- customer/all's page in its default order (company, id), live and deleted apart.
CREATE INDEX "customers_live_company_id_idx" ON "customers" ("company", "id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "customers_deleted_company_id_idx" ON "customers" ("company", "id") WHERE "deleted_at" IS NOT NULL;
