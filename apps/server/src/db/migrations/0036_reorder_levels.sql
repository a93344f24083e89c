ALTER TABLE "products" ADD COLUMN "reorder_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "products_reorder_idx" ON "products" USING btree ("id") WHERE "products"."reorder_level" > 0 and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "stock_levels_below_zero_idx" ON "stock_levels" USING btree ("location_id","product_id") WHERE "stock_levels"."quantity" < 0;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_reorder_level_check" CHECK ("products"."reorder_level" >= 0);