-- The audit log in one unit. Until now some areas recorded their stored rows (money in cents,
-- the table's field names) and others the API's records (dollars, the wire's names), side by
-- side on /audit. From now on every entry is written through its area's mapper; this migration
-- converts the entries already stored that were written in cents, recognised by their area and
-- their shape, and renames the supplier entities as the screens name them.
CREATE FUNCTION wd_audit_dollars(j jsonb, money text[]) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN j IS NULL OR jsonb_typeof(j) <> 'object' THEN j ELSE
    (SELECT coalesce(jsonb_object_agg(
       CASE key WHEN 'invoiceId' THEN 'invoiceID' WHEN 'receiptId' THEN 'receiptID'
                WHEN 'priceGroupId' THEN 'priceGroupID' WHEN 'productId' THEN 'productID' ELSE key END,
       CASE WHEN key = ANY (money) AND jsonb_typeof(value) = 'number'
            THEN to_jsonb(round((value #>> '{}')::numeric / 100, 2)) ELSE value END), '{}'::jsonb)
     FROM jsonb_each(j))
  END
$$;
--> statement-breakpoint
CREATE FUNCTION wd_audit_dollars_each(a jsonb, money text[]) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN a IS NULL OR jsonb_typeof(a) <> 'array' THEN a ELSE
    (SELECT coalesce(jsonb_agg(wd_audit_dollars(e, money) ORDER BY n), '[]'::jsonb)
     FROM jsonb_array_elements(a) WITH ORDINALITY AS t(e, n))
  END
$$;
--> statement-breakpoint
-- Invoice lines: always their stored rows.
UPDATE audit_log SET
  before = wd_audit_dollars(before, '{costPrice,sellingPrice,suggestedRetailPrice,subtotal}'),
  after = wd_audit_dollars(after, '{costPrice,sellingPrice,suggestedRetailPrice,subtotal}')
WHERE entity = 'invoice_item';
--> statement-breakpoint
-- Payments of both kinds: the payment screens' rows and a receipt's stored shares.
UPDATE audit_log SET
  before = wd_audit_dollars(before, '{amountPaid,discountRedeemed,awardPointsRedeemed,amountDue,total}'),
  after = wd_audit_dollars(after, '{amountPaid,discountRedeemed,awardPointsRedeemed,amountDue,total}'),
  entity = CASE entity WHEN 'distributor_payment' THEN 'supplier_payment' ELSE entity END
WHERE entity IN ('payment', 'distributor_payment');
--> statement-breakpoint
UPDATE audit_log SET
  before = wd_audit_dollars(before, '{amount}'),
  after = wd_audit_dollars(after, '{amount}')
WHERE entity = 'expense';
--> statement-breakpoint
-- Supplier invoices: their rows; a deletion kept the invoice and its payments.
UPDATE audit_log SET
  before = CASE WHEN before ? 'invoice' THEN jsonb_build_object(
      'invoice', wd_audit_dollars(before -> 'invoice', '{amountPurchase,amountPaid,amountDue}'),
      'payments', wd_audit_dollars_each(before -> 'payments', '{amountPaid,amountDue}'))
    ELSE wd_audit_dollars(before, '{amountPurchase,amountPaid,amountDue}') END,
  after = wd_audit_dollars(after, '{amountPurchase,amountPaid,amountDue}'),
  entity = 'supplier_invoice'
WHERE entity = 'distributor_invoice';
--> statement-breakpoint
UPDATE audit_log SET entity = 'supplier' WHERE entity = 'distributor';
--> statement-breakpoint
-- A deleted invoice (or discarded draft) kept its stored row, lines and payments.
UPDATE audit_log SET before = before
  || jsonb_build_object('invoice', wd_audit_dollars(before -> 'invoice',
       '{total,amountCredited,paid,discountRedeemed,awardPointsRedeemed,balance,headerDiscount,headerAwardPoints,totalSuggested,suggestedCredited}'))
  || jsonb_build_object('lines', wd_audit_dollars_each(before -> 'lines', '{costPrice,sellingPrice,suggestedRetailPrice,subtotal}'))
  || jsonb_build_object('payments', wd_audit_dollars_each(before -> 'payments', '{amountPaid,discountRedeemed,awardPointsRedeemed,amountDue}'))
WHERE entity = 'invoice' AND action = 'delete' AND before ? 'invoice';
--> statement-breakpoint
-- A customer's deletion kept its stored row (the only customer entries with the certificate's file id).
UPDATE audit_log SET before = wd_audit_dollars(before, '{creditLimit}')
WHERE entity = 'customer' AND before ? 'resaleCertificateFileId';
--> statement-breakpoint
-- A product group's price change kept its members' stored prices (the product changes without a
-- name; a deletion kept the product in dollars, with its name, beside a note without one).
UPDATE audit_log SET
  before = wd_audit_dollars(before, '{costPrice,sellingPrice,suggestedRetailPrice}'),
  after = wd_audit_dollars(after, '{costPrice,sellingPrice,suggestedRetailPrice}')
WHERE entity = 'product' AND action = 'update' AND NOT (coalesce(after, before) ? 'name');
--> statement-breakpoint
-- Price group items: a change or deletion kept the stored row (priceGroupId); a creation the form's dollars.
UPDATE audit_log SET
  before = CASE WHEN before ? 'priceGroupId' THEN wd_audit_dollars(before, '{price,suggestedRetailPrice}') ELSE before END,
  after = CASE WHEN after ? 'priceGroupId' THEN wd_audit_dollars(after, '{price,suggestedRetailPrice}') ELSE after END
WHERE entity = 'price_group_item';
--> statement-breakpoint
DROP FUNCTION wd_audit_dollars_each(jsonb, text[]);
--> statement-breakpoint
DROP FUNCTION wd_audit_dollars(jsonb, text[]);
