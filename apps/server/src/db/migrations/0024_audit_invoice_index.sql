-- An invoice's history on /audit (docs/audit.md) holds its lines' and payments' entries, found by the
-- invoice id inside their stored values: this index finds them without reading every line's entry.
CREATE INDEX IF NOT EXISTS audit_log_invoice_idx ON audit_log (((coalesce(after, before) ->> 'invoiceID')::int))
  WHERE entity IN ('invoice_item', 'payment');
