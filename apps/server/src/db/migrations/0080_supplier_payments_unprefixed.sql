-- A supplier's payments whose reference the app did not number ("SPAY-" and a number): none
-- unless written otherwise. A search that is a part of "SPAY-" ("SPA", "pay-": what one types
-- before the digits) matches every other payment, so the supplier's history tests these alone
-- and, when they match too, answers as with no search.
CREATE INDEX "distributor_payments_unprefixed_idx" ON "distributor_payments" USING btree ("distributor_id") WHERE "distributor_payments"."reference_no" NOT LIKE 'SPAY-%';
