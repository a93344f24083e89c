CREATE INDEX "customers_live_name_idx" ON "customers" USING btree ("name","company","id") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_live_city_idx" ON "customers" USING btree ("city","company","id") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_live_state_idx" ON "customers" USING btree ("state","company","id") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_live_phone_idx" ON "customers" USING btree ("phone","company","id") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_live_email_idx" ON "customers" USING btree ("email","company","id") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_live_edi_id_idx" ON "customers" USING btree ("edi_id","company","id") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_live_edi_qualifier_idx" ON "customers" USING btree ("edi_qualifier","company","id") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_live_award_points_idx" ON "customers" USING btree ("award_points","company","id") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_live_date_last_verified_idx" ON "customers" USING btree ("date_last_verified","company","id") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_live_credit_limit_idx" ON "customers" USING btree ("credit_limit","company","id") WHERE "customers"."deleted_at" is null;