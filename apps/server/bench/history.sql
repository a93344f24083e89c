-- What a distributor's four years of work leave behind beside the invoices, for the matrix bench
-- (docs/performance-matrix.md, "The audit trail at its real size", "The outbox at its real
-- size"): the audit trail and the sent e-mails. Run once on a database just seeded by `npm run
-- seed` (the seed writes its rows directly, so it leaves both empty):
--
--   psql postgres://postgres@127.0.0.1:5432/wd_large -v ON_ERROR_STOP=1 -f apps/server/bench/history.sql
--
-- The audit trail.
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
  IF EXISTS (SELECT 1 FROM audit_log WHERE entity = 'invoice_item' LIMIT 1)
    OR EXISTS (SELECT 1 FROM outbox WHERE body LIKE 'Please find attached invoice %' LIMIT 1) THEN
    RAISE EXCEPTION 'the history is already in this database';
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

-- The outbox: the invoices e-mailed to their store. Every other invoice as a PDF when it was
-- submitted (late afternoon of its date), one in ten also as EDI files; nearly all sent two
-- seconds later, one in 150 refused by the store's mail server (failed), the last hour's still
-- queued. The bytes are a stand-in of 2 KB per message (a real PDF is 20–40 KB, kept out of line
-- by TOAST: the list never reads them).
INSERT INTO outbox (kind, invoice_id, customer_id, "to", cc, subject, body, attachments, data, status, attempts,
  last_error, next_attempt_at, created_at, sent_at, created_by)
SELECT m.kind, i.id, c.id, c.email, '',
  CASE m.kind WHEN 'invoicePdf' THEN 'Invoice ' ELSE 'EDI invoice ' END || i.invoice_no || ' from ' || b.company,
  'Please find attached invoice ' || i.invoice_no || '.',
  CASE m.kind WHEN 'invoicePdf'
    THEN jsonb_build_array(jsonb_build_object('filename', replace(i.invoice_no, '/', '-') || '.pdf',
      'contentType', 'application/pdf', 'offset', 0, 'size', 2048))
    ELSE jsonb_build_array(
      jsonb_build_object('filename', replace(i.invoice_no, '/', '-') || '.txt', 'contentType', 'text/plain', 'offset', 0, 'size', 1024),
      jsonb_build_object('filename', replace(i.invoice_no, '/', '-') || '.edi', 'contentType', 'application/edi-x12', 'offset', 1024, 'size', 1024))
  END,
  convert_to(rpad('%PDF-1.7 bench stand-in ' || i.id, 2048, '.'), 'UTF8'),
  s.status, CASE s.status WHEN 'queued' THEN 0 ELSE 1 END,
  CASE s.status WHEN 'failed' THEN '550 5.1.1 <' || c.email || '>: Recipient address rejected' ELSE '' END,
  CASE s.status WHEN 'queued' THEN s.at ELSE NULL END,
  s.at, CASE s.status WHEN 'sent' THEN s.at + interval '2 seconds' ELSE NULL END, o.id
FROM invoices i
JOIN customers c ON c.id = i.customer_id
JOIN billers b ON b.id = i.biller_id
JOIN office o ON o.k = i.id % (SELECT count(*) FROM office)
CROSS JOIN LATERAL (VALUES ('invoicePdf'), ('invoiceEdi')) m(kind)
CROSS JOIN LATERAL (
  SELECT least(i.date + interval '16 hours' + (i.id % 7200) * interval '1 second', now()) AS at
) t
CROSS JOIN LATERAL (
  SELECT t.at, CASE WHEN t.at > now() - interval '1 hour' THEN 'queued'
    WHEN (i.id / 2) % 150 = 7 THEN 'failed' ELSE 'sent' END AS status
) s
WHERE i.status <> 'NEW' AND i.id % 2 = 0 AND (m.kind = 'invoicePdf' OR i.id % 10 = 0)
ORDER BY s.at, i.id, m.kind;

COMMIT;

VACUUM (ANALYZE) audit_log;
VACUUM (ANALYZE) outbox;
