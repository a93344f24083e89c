-- The supplier invoice list and the expense list search their own text columns through trigram
-- indexes (the supplier's or the biller's company is matched in its own small table, then its rows
-- through the foreign key's index). Where pg_trgm is not available the searches stay unindexed,
-- same rows.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS distributor_invoices_invoice_no_trgm_idx ON distributor_invoices
      USING gin (invoice_no gin_trgm_ops) WITH (fastupdate = off);
    CREATE INDEX IF NOT EXISTS distributor_invoices_note_trgm_idx ON distributor_invoices
      USING gin (note gin_trgm_ops) WITH (fastupdate = off);
    CREATE INDEX IF NOT EXISTS expenses_reference_trgm_idx ON expenses USING gin (reference gin_trgm_ops) WITH (fastupdate = off);
    CREATE INDEX IF NOT EXISTS expenses_expense_trgm_idx ON expenses USING gin (expense gin_trgm_ops) WITH (fastupdate = off);
    CREATE INDEX IF NOT EXISTS expenses_category_trgm_idx ON expenses USING gin (category gin_trgm_ops) WITH (fastupdate = off);
  END IF;
END $$;
