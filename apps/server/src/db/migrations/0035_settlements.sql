-- The driver's end-of-day settlement (docs/settlement.md): the truck's counted stock and the
-- money handed in beside what the books and the driver's payments expect; closed once, adjusted
-- after by new entries. Also an index for a truck's movements since its last settlement.
CREATE TABLE "settlement_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"settlement_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"note" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_money" (
	"settlement_id" integer NOT NULL,
	"key" text NOT NULL,
	"payment_type" text NOT NULL,
	"cheque_no" text DEFAULT '' NOT NULL,
	"customer" text DEFAULT '' NOT NULL,
	"invoice_no" text DEFAULT '' NOT NULL,
	"expected" integer,
	"handed_in" integer,
	CONSTRAINT "settlement_money_settlement_id_key_pk" PRIMARY KEY("settlement_id","key")
);
--> statement-breakpoint
CREATE TABLE "settlement_stock" (
	"settlement_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"counted" integer,
	"carried" integer,
	"loaded" integer,
	"sold" integer,
	"returned" integer,
	"adjusted" integer,
	"expected" integer,
	"cost" integer,
	CONSTRAINT "settlement_stock_settlement_id_product_id_pk" PRIMARY KEY("settlement_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"driver_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"day" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"since_movement_id" bigint DEFAULT 0 NOT NULL,
	"closed_movement_id" bigint,
	"stock_over_short" integer DEFAULT 0 NOT NULL,
	"money_over_short" integer DEFAULT 0 NOT NULL,
	"adjustments" integer DEFAULT 0 NOT NULL,
	"credit" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settlement_adjustments" ADD CONSTRAINT "settlement_adjustments_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_adjustments" ADD CONSTRAINT "settlement_adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_money" ADD CONSTRAINT "settlement_money_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_stock" ADD CONSTRAINT "settlement_stock_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_stock" ADD CONSTRAINT "settlement_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_driver_day_idx" ON "settlements" USING btree ("driver_id","day");--> statement-breakpoint
CREATE INDEX "settlements_day_idx" ON "settlements" USING btree ("day");--> statement-breakpoint
CREATE INDEX "settlements_location_idx" ON "settlements" USING btree ("location_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_location_idx" ON "stock_movements" USING btree ("location_id","id");