-- Each invoice keeps the four sums of its lines that the reports show per customer and biller:
-- cost (quantity × cost price of the lines not damaged), selling (the subtotals of the lines not
-- damaged: sales less resellable returns), resellable (the credit of the resellable returns) and
-- damaged (the credit of the damaged returns), in cents, and the units sold (the quantities of
-- the sale lines, for the dashboard's status card). A period cut mid-month read the cut days'
-- invoices and summed each one's lines (~45,000 lines for six months at 200,000 invoices, most of
-- the Biller Report's and the customer reports' time there); it now reads the invoices alone.
--
-- The service stores them with the invoice's other totals, from the same lines, under the
-- invoice's lock in the same transaction (ledger/invoice-totals.ts), so they always equal a
-- recomputation from the lines as the totals do. Here every existing invoice gets them once.
ALTER TABLE "invoices" ADD COLUMN "lines_cost" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "lines_selling" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "lines_resellable" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "lines_damaged" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "lines_units_sold" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
LOCK TABLE invoices, invoice_items IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
UPDATE invoices i SET lines_cost = l.cost, lines_selling = l.selling, lines_resellable = l.resellable,
  lines_damaged = l.damaged, lines_units_sold = l.units_sold
FROM (
  SELECT invoice_id,
    coalesce(sum(CASE WHEN NOT damaged_good THEN quantity::bigint * cost_price ELSE 0 END), 0) AS cost,
    coalesce(sum(CASE WHEN NOT damaged_good THEN subtotal ELSE 0 END), 0) AS selling,
    coalesce(sum(CASE WHEN quantity < 0 AND NOT damaged_good THEN -subtotal ELSE 0 END), 0) AS resellable,
    coalesce(sum(CASE WHEN damaged_good THEN -subtotal ELSE 0 END), 0) AS damaged,
    coalesce(sum(CASE WHEN quantity > 0 AND NOT damaged_good THEN quantity ELSE 0 END), 0) AS units_sold
  FROM invoice_items GROUP BY invoice_id
) l
WHERE l.invoice_id = i.id AND (l.cost <> 0 OR l.selling <> 0 OR l.resellable <> 0 OR l.damaged <> 0 OR l.units_sold <> 0);
