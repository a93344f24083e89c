CREATE TABLE "settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"results_per_page" integer DEFAULT 10 NOT NULL,
	"results_per_input" integer DEFAULT 50 NOT NULL,
	"pages_displayed" integer DEFAULT 5 NOT NULL,
	"invoice_results_per_page" boolean DEFAULT true NOT NULL,
	"results_per_input_invoices" integer DEFAULT 50 NOT NULL,
	"results_per_input_customers" integer DEFAULT 50 NOT NULL,
	"show_suggested_analysis" boolean DEFAULT false NOT NULL,
	"show_individual_margin" boolean DEFAULT false NOT NULL,
	"show_damaged_goods" boolean DEFAULT false NOT NULL,
	"mail_from" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_one_row" CHECK ("settings"."id" = 1)
);
