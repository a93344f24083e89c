-- How many customers bought in a period. My Report and the Customer Report show "Showing 10 of N
-- results", and the dashboard's status card the active customers; N was the distinct customers of
-- the period's monthly roll-up rows: over the last 36 months ~130,000 rows sorted for 26,500
-- customers (40–80 ms of SQL, p95 0.4–0.6 s at 10 clients).
--
-- report_customer_months keeps, per status ('*': any counted status) and customer (0: walk-in
-- sales), each month with counted invoices and the customer's previous and next such month
-- ('-infinity' / 'infinity' when none). A customer bought in the months [a, b) exactly when one of
-- its months in [a, b) has its previous month before a, and only one does: so N for whole months
-- is the number of those (month, previous month) pairs, which report_customer_month_pairs keeps
-- counted (a few thousand rows in all, against hundreds of thousands of customer months). The
-- days a period cuts at either end are looked up from the months around them (docs/reports.md).
--
-- A statement trigger on report_party_months keeps both: when a statement gives a customer its
-- first invoices of a month or takes its last away, the customer's months are read again from the
-- roll-up and its pairs counted again. Only the fold writes report_party_months, and folds run one
-- at a time (an advisory lock), so these writes never wait on each other.
CREATE TABLE "report_customer_months" (
	"status" text NOT NULL,
	"customer_id" integer NOT NULL,
	"month" date NOT NULL,
	"prev" date NOT NULL,
	"next" date NOT NULL,
	CONSTRAINT "report_customer_months_pkey" PRIMARY KEY ("status","customer_id","month")
);
--> statement-breakpoint
CREATE INDEX "report_customer_months_prev_idx" ON "report_customer_months" USING btree ("status","month","prev","customer_id");
--> statement-breakpoint
CREATE INDEX "report_customer_months_next_idx" ON "report_customer_months" USING btree ("status","month","next","customer_id");
--> statement-breakpoint
CREATE TABLE "report_customer_month_pairs" (
	"status" text NOT NULL,
	"month" date NOT NULL,
	"prev" date NOT NULL,
	"customers" bigint NOT NULL,
	CONSTRAINT "report_customer_month_pairs_pkey" PRIMARY KEY ("status","month","prev")
);
--> statement-breakpoint
-- The given customers' months read again from the roll-up: their pairs taken off, their months
-- replaced, their pairs counted back.
CREATE FUNCTION report_customer_months_refresh(touched integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    DELETE FROM report_customer_months WHERE customer_id = ANY (touched) RETURNING status, month, prev
  )
  UPDATE report_customer_month_pairs p SET customers = p.customers - g.n
  FROM (SELECT status, month, prev, count(*) AS n FROM gone GROUP BY 1, 2, 3) g
  WHERE p.status = g.status AND p.month = g.month AND p.prev = g.prev;
  DELETE FROM report_customer_month_pairs WHERE customers = 0;
  WITH m AS (
    SELECT DISTINCT s.status, r.customer_id, r.month
    FROM report_party_months r CROSS JOIN LATERAL (VALUES (r.status), ('*')) s(status)
    WHERE r.customer_id = ANY (touched) AND r.invoices > 0
  ), kept AS (
    INSERT INTO report_customer_months
    SELECT status, customer_id, month,
      coalesce(lag(month) OVER w, '-infinity'::date), coalesce(lead(month) OVER w, 'infinity'::date)
    FROM m WINDOW w AS (PARTITION BY status, customer_id ORDER BY month)
    RETURNING status, month, prev
  )
  INSERT INTO report_customer_month_pairs AS p
  SELECT status, month, prev, count(*) FROM kept GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (status, month, prev) DO UPDATE SET customers = p.customers + excluded.customers;
END $$;
--> statement-breakpoint
-- The customers whose months a statement may have changed: a row whose invoices went from none to
-- some or back (most folds only move money on rows that keep their invoices: nothing to do).
CREATE FUNCTION report_customer_months_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT customer_id) INTO touched FROM new_rows WHERE invoices > 0;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT customer_id) INTO touched FROM old_rows WHERE invoices > 0;
  ELSE
    SELECT array_agg(DISTINCT coalesce(n.customer_id, o.customer_id)) INTO touched
    FROM new_rows n FULL JOIN old_rows o
      ON o.month = n.month AND o.status = n.status AND o.customer_id = n.customer_id AND o.biller_id = n.biller_id
    WHERE (coalesce(n.invoices, 0) > 0) IS DISTINCT FROM (coalesce(o.invoices, 0) > 0);
  END IF;
  IF touched IS NOT NULL THEN
    PERFORM report_customer_months_refresh(touched);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_customer_months_insert AFTER INSERT ON "report_party_months"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_customer_months_apply();
--> statement-breakpoint
CREATE TRIGGER report_customer_months_update AFTER UPDATE ON "report_party_months"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_customer_months_apply();
--> statement-breakpoint
CREATE TRIGGER report_customer_months_delete AFTER DELETE ON "report_party_months"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_customer_months_apply();
--> statement-breakpoint
CREATE FUNCTION report_customer_months_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE report_customer_months, report_customer_month_pairs;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_customer_months_truncate AFTER TRUNCATE ON "report_party_months"
  FOR EACH STATEMENT EXECUTE FUNCTION report_customer_months_truncate();
--> statement-breakpoint
-- A customer's invoices by date: the days a period cuts are looked up per customer (a customer's
-- invoices alone served the credit limit and the customer's pages, and still do).
DROP INDEX "invoices_customer_idx";
--> statement-breakpoint
CREATE INDEX "invoices_customer_date_idx" ON "invoices" USING btree ("customer_id","date");
--> statement-breakpoint
-- No fold between the fill below and the triggers' first refresh.
LOCK TABLE report_party_months IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
SELECT report_customer_months_refresh(array_agg(DISTINCT customer_id)) FROM report_party_months WHERE invoices > 0;
--> statement-breakpoint
ANALYZE report_customer_months, report_customer_month_pairs;
