-- A supplier's payment history searched for a reference ("SPAY-039368") or a cheque number
-- tested both columns on each of the supplier's 8,000 payments, three times a call (the page,
-- the count, the invoice sums): 8 ms each. With trigram indexes on the two, a narrow search
-- reads the few matching payments; a broad one ("SPA", every reference) still walks the
-- supplier's own index. Guarded as 0018's are, for a database without pg_trgm.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS distributor_payments_reference_no_trgm_idx ON distributor_payments
      USING gin (reference_no gin_trgm_ops) WITH (fastupdate = off);
    CREATE INDEX IF NOT EXISTS distributor_payments_cheque_no_trgm_idx ON distributor_payments
      USING gin (cheque_no gin_trgm_ops) WITH (fastupdate = off);
  END IF;
END $$;
