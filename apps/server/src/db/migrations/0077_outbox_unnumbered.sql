-- The messages that keep no number the app gives (a statement: no invoice; an invoice numbered
-- otherwise, by an import): few. A search text that is a part of "Invoice/" matches every other
-- message, so the outbox list tests only these to know whether it matches every message.
CREATE INDEX "outbox_unnumbered_idx" ON "outbox" USING btree ("id") WHERE "outbox"."invoice_no" IS NULL OR "outbox"."invoice_no" NOT ILIKE 'Invoice/%';
