-- The audit trail a distributor's four years of invoices leave behind, for the matrix bench
-- (docs/performance-matrix.md, "The audit trail at its real size"). Run once on a database just
-- seeded by `npm run seed` (the seed writes its rows directly, so it leaves the trail empty):
--
--   psql postgres://postgres@127.0.0.1:5432/wd_large -v ON_ERROR_STOP=1 -f apps/server/bench/audit-history.sql
--
-- Every invoice, every line and every payment the app writes also writes an audit entry in the
-- same transaction, so a real log holds at least one entry per line: at 200,000 invoices, about
-- 2.6 million entries, the largest table of the database. This writes those entries:
--   * a 'create' per invoice, line and payment, by one of the office's users (the admin and the
--     clerks, by the record's id), at the record's date during the working day;
--   * an 'update' of one invoice in ten (its status set when it was paid);
--   * never later than now (today's records are written as of the run);
--   * the values in the API's shape (money in dollars, invoiceID), so the search and the invoice
--     history's index (audit_log_invoice_idx) find them as they find the app's own entries.
-- Deterministic (no random()). Refuses to run twice.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM audit_log WHERE entity = 'invoice_item' LIMIT 1) THEN
    RAISE EXCEPTION 'the audit history is already in this database';
  END IF;
END $$;

BEGIN;

-- The office's users, numbered 0..n-1: who wrote a record is its id modulo n.
CREATE TEMP TABLE office ON COMMIT DROP AS
SELECT row_number() OVER (ORDER BY id) - 1 AS k, id FROM users WHERE NOT driver;

-- Invoices: created during the working day of their date (08:00 plus up to 8 hours).
INSERT INTO audit_log (user_id, entity, entity_id, action, before, after, created_at)
SELECT o.id, 'invoice', i.id, 'create', NULL,
  jsonb_build_object('id', i.id, 'invoiceNo', i.invoice_no, 'date', i.date, 'type', i.type,
    'billerID', i.biller_id, 'customerID', i.customer_id, 'status', 'NEW', 'remarks', i.remarks,
    'total', 0),
  least(i.date + interval '8 hours' + (i.id % 28000) * interval '1 second', now())
FROM invoices i JOIN office o ON o.k = i.id % (SELECT count(*) FROM office)
ORDER BY 7, i.id;

-- Lines: scanned in the minutes after their invoice was created.
INSERT INTO audit_log (user_id, entity, entity_id, action, before, after, created_at)
SELECT o.id, 'invoice_item', l.id, 'create', NULL,
  jsonb_build_object('id', l.id, 'invoiceID', l.invoice_id, 'productID', l.product_id,
    'productName', l.product_name, 'barcode', l.barcode, 'quantity', l.quantity,
    'sellingPrice', l.selling_price / 100.0, 'subtotal', l.subtotal / 100.0, 'damagedGood', l.damaged_good),
  least(i.date + interval '8 hours' + (i.id % 28000) * interval '1 second' + (l.id % 600) * interval '1 second', now())
FROM invoice_items l JOIN invoices i ON i.id = l.invoice_id
JOIN office o ON o.k = i.id % (SELECT count(*) FROM office)
ORDER BY 7, l.id;

-- Payments: on their date, in the afternoon.
INSERT INTO audit_log (user_id, entity, entity_id, action, before, after, created_at)
SELECT o.id, 'payment', p.id, 'create', NULL,
  jsonb_build_object('id', p.id, 'reference', p.reference_no, 'invoiceID', p.invoice_id, 'date', p.date,
    'type', p.payment_type, 'amountPaid', p.amount_paid / 100.0, 'amountDue', p.amount_due / 100.0,
    'chequeNo', p.cheque_no, 'hasCheque', p.cheque_file_id IS NOT NULL),
  least(p.date + interval '13 hours' + (p.id % 14000) * interval '1 second', now())
FROM payments p JOIN office o ON o.k = p.id % (SELECT count(*) FROM office)
ORDER BY 7, p.id;

-- One invoice in ten updated once: its status when it was paid (or the day after).
INSERT INTO audit_log (user_id, entity, entity_id, action, before, after, created_at)
SELECT o.id, 'invoice', i.id, 'update',
  jsonb_build_object('id', i.id, 'invoiceNo', i.invoice_no, 'status', 'NEW', 'total', i.total / 100.0),
  jsonb_build_object('id', i.id, 'invoiceNo', i.invoice_no, 'status', i.status, 'total', i.total / 100.0),
  least(i.date + interval '1 day 9 hours' + (i.id % 28000) * interval '1 second', now())
FROM invoices i JOIN office o ON o.k = (i.id + 1) % (SELECT count(*) FROM office)
WHERE i.id % 10 = 0
ORDER BY 7, i.id;

COMMIT;

VACUUM (ANALYZE) audit_log;
