-- The trigram indexes of 0010 without GIN's pending list (issue 12, docs/performance-lists.md).
-- With fastupdate on, new invoices wait in an unsorted list that every search reads from end
-- to end: on wd_large after a few benchmark runs, 456 pages, and a search for a customer took
-- 12–26 ms in the invoice-number index instead of 0.13 ms. An invoice number is written once
-- and customers change rarely, so the index is updated as rows come (where it exists).
DO $$
DECLARE
  idx text;
BEGIN
  FOREACH idx IN ARRAY ARRAY['invoices_invoice_no_trgm_idx', 'customers_company_trgm_idx', 'customers_name_trgm_idx',
    'customers_city_trgm_idx', 'customers_phone_trgm_idx', 'customers_email_trgm_idx',
    'customers_tax_permit_number_trgm_idx']
  LOOP
    IF to_regclass(idx) IS NOT NULL THEN
      EXECUTE format('ALTER INDEX %I SET (fastupdate = off)', idx);
      PERFORM gin_clean_pending_list(to_regclass(idx));
    END IF;
  END LOOP;
END $$;
