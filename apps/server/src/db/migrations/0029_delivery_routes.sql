CREATE TABLE "delivery_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"driver_id" integer NOT NULL,
	"truck" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "number_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"day" date NOT NULL,
	"numbers" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "route_stops" (
	"route_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"position" smallint NOT NULL,
	"customer_id" integer NOT NULL,
	CONSTRAINT "route_stops_route_id_weekday_position_pk" PRIMARY KEY("route_id","weekday","position")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "driver" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_routes" ADD CONSTRAINT "delivery_routes_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_blocks" ADD CONSTRAINT "number_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_stops" ADD CONSTRAINT "route_stops_route_id_delivery_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."delivery_routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_stops" ADD CONSTRAINT "route_stops_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_routes_driver_idx" ON "delivery_routes" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "number_blocks_device_idx" ON "number_blocks" USING btree ("device_id","day");--> statement-breakpoint
CREATE INDEX "number_blocks_open_idx" ON "number_blocks" USING btree ("day") WHERE "number_blocks"."released_at" is null;--> statement-breakpoint
CREATE INDEX "number_blocks_numbers_idx" ON "number_blocks" USING gin ("numbers");--> statement-breakpoint
CREATE UNIQUE INDEX "route_stops_customer_idx" ON "route_stops" USING btree ("route_id","weekday","customer_id");--> statement-breakpoint
CREATE INDEX "route_stops_customer_id_idx" ON "route_stops" USING btree ("customer_id");