-- Aging (docs/receivables.md): the DUE invoices by date, with the customer and the balance in the
-- index itself, so the report reads ~70 index pages instead of one heap page per open invoice
-- (200,000 invoices, 17,854 DUE: 36 ms -> 14 ms for the grouped statement on PostgreSQL).
CREATE INDEX IF NOT EXISTS invoices_due_aging_idx ON invoices (date) INCLUDE (customer_id, balance) WHERE status = 'DUE';
