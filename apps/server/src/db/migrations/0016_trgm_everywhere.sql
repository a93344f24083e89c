-- The trigram indexes of 0010 (without GIN's pending list, as 0012 left them) on databases that
-- were migrated before the server loaded PGlite's pg_trgm contrib (issue 12): 0010 skipped them
-- there, and a migration runs once. Where they exist already (PostgreSQL, new databases) this
-- changes nothing; where pg_trgm is not available the searches stay unindexed, same rows.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS invoices_invoice_no_trgm_idx ON invoices USING gin (invoice_no gin_trgm_ops) WITH (fastupdate = off);
    CREATE INDEX IF NOT EXISTS customers_company_trgm_idx ON customers USING gin (company gin_trgm_ops) WITH (fastupdate = off);
    CREATE INDEX IF NOT EXISTS customers_name_trgm_idx ON customers USING gin (name gin_trgm_ops) WITH (fastupdate = off);
    CREATE INDEX IF NOT EXISTS customers_city_trgm_idx ON customers USING gin (city gin_trgm_ops) WITH (fastupdate = off);
    CREATE INDEX IF NOT EXISTS customers_phone_trgm_idx ON customers USING gin (phone gin_trgm_ops) WITH (fastupdate = off);
    CREATE INDEX IF NOT EXISTS customers_email_trgm_idx ON customers USING gin (email gin_trgm_ops) WITH (fastupdate = off);
    CREATE INDEX IF NOT EXISTS customers_tax_permit_number_trgm_idx ON customers USING gin (tax_permit_number gin_trgm_ops)
      WITH (fastupdate = off);
  END IF;
END $$;
