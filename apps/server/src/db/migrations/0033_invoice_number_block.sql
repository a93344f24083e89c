-- A device's invoice keeps the number block it was numbered from (docs/route-mode.md), so Routes
-- Today and a block's used numbers read invoices by block id instead of searching every block's
-- numbers array for each invoice number (a cost that grew with the blocks' history).
ALTER TABLE "invoices" ADD COLUMN "number_block_id" integer;--> statement-breakpoint
CREATE INDEX "invoices_number_block_idx" ON "invoices" USING btree ("number_block_id") WHERE "invoices"."number_block_id" is not null;
--> statement-breakpoint
-- The device invoices stored before: the block of the invoice's device holding its number
-- (`Invoice/<n>`; a number is in one block only, taken from the invoice sequence). The blocks'
-- numbers are matched to the invoice numbers in one hash join: searching each device's blocks
-- for each invoice's number costs device invoices × blocks per device.
UPDATE "invoices" i SET "number_block_id" = b."id"
FROM "number_blocks" b CROSS JOIN LATERAL unnest(b."numbers") AS n
WHERE i."invoice_no" = 'Invoice/' || n AND i."device_id" = b."device_id" AND i."number_block_id" IS NULL;
--> statement-breakpoint
-- Declared here, not in the schema: invoices.ts would have to import delivery-routes.ts, which imports it.
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_number_block_id_fk" FOREIGN KEY ("number_block_id") REFERENCES "public"."number_blocks"("id") ON DELETE restrict ON UPDATE no action;
