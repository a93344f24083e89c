-- The stock baseline of the stock bench (bench/stock.ts, docs/performance.md "Stock at 200,000
-- invoices"), run once on a database just seeded by `npm run seed` (whose invoices already wrote
-- their sale and return movements through the triggers of migration 0032):
--
--   psql postgres://postgres@127.0.0.1:5432/wd_large -v ON_ERROR_STOP=1 -f apps/server/bench/stock-baseline.sql
--
-- It adds what a distributor's first weeks of stock look like beside four years of invoices:
--   * 5 drivers with a route each (the routes' trigger makes their trucks, locations 3–7);
--   * an opening count of the warehouse: one 'counted' movement per active product, setting it to
--     200–999 units (the seeded sales left it far below 0);
--   * 20 route days of loads: each truck loaded with 30 products a day, 3,000 loads (6,000
--     movements: warehouse −q, truck +q);
--   * each route's stops (8 a weekday) and a reorder level on every product (the load sheet and
--     the reorder report);
--   * one closed settlement per driver and weekday over the invoices' four years (~5,200 rows,
--     with over/short figures; no stock or money lines: settlement/all reads only the settlements),
--     and today's still open.
-- Deterministic (no random()): the same database gives the same rows. Refuses to run twice.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM stock_movements WHERE source = 'count' AND note = 'Opening count (bench baseline)') THEN
    RAISE EXCEPTION 'the stock baseline is already in this database';
  END IF;
END $$;

BEGIN;

INSERT INTO users (username, email, type, password_hash, driver)
SELECT 'bench.driver' || n, '', 'user', '!', true FROM generate_series(1, 5) n;

-- The trigger delivery_routes_stock_truck makes each route's truck location.
INSERT INTO delivery_routes (name, driver_id, truck)
SELECT 'Route ' || n, u.id, 'Truck ' || n
FROM generate_series(1, 5) n JOIN users u ON u.username = 'bench.driver' || n
ORDER BY n;

-- The opening count: each active product's warehouse on hand set to 200–999 (counted − on hand).
SELECT rollups_fold();
INSERT INTO stock_movements (created_at, product_id, location_id, quantity, kind, source, note, user_id)
SELECT now() - interval '21 days', p.id, 1, t.target - coalesce(l.quantity, 0), 'counted', 'count',
  'Opening count (bench baseline)', 1
FROM products p
CROSS JOIN LATERAL (SELECT 200 + (p.id * 7919) % 800 AS target) t
LEFT JOIN stock_levels l ON l.product_id = p.id AND l.location_id = 1
WHERE p.deleted_at IS NULL AND t.target - coalesce(l.quantity, 0) <> 0
ORDER BY p.id;

-- 20 route days × 5 trucks × 30 products: a load is two movements with the same note.
WITH trucks AS (
  SELECT s.id AS location_id, row_number() OVER (ORDER BY s.id) AS n
  FROM stock_locations s WHERE s.kind = 'truck'
), catalog AS (
  SELECT id, row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS total
  FROM products WHERE deleted_at IS NULL
), loads AS (
  SELECT d, t.location_id, c.id AS product_id, 5 + (c.id * 31 + d * 17) % 40 AS q,
    now() - interval '21 days' + d * interval '1 day' AS at
  FROM generate_series(1, 20) d
  CROSS JOIN trucks t
  CROSS JOIN generate_series(0, 29) j
  JOIN catalog c ON c.k = (t.n * 211 + d * 53 + j * 37) % c.total
)
INSERT INTO stock_movements (created_at, product_id, location_id, quantity, kind, source, note, user_id)
SELECT at, product_id, loc, qty, 'loaded', 'transfer', 'Morning load, day ' || d, 1
FROM loads CROSS JOIN LATERAL (VALUES (1, -q), (location_id, q)) v(loc, qty)
ORDER BY at, location_id, product_id, loc;

-- A settlement per driver and weekday for the four years of invoices, closed; today's open.
INSERT INTO settlements (driver_id, location_id, day, status, note, since_movement_id, closed_movement_id,
  stock_over_short, money_over_short, adjustments, credit, created_by, closed_by, closed_at)
SELECT r.driver_id, s.id, day::date,
  CASE WHEN day::date = current_date THEN 'open' ELSE 'closed' END,
  CASE WHEN (r.id + extract(doy FROM day)::int) % 17 = 0 THEN 'Cheque found in the truck' ELSE '' END,
  0, CASE WHEN day::date = current_date THEN NULL ELSE 0 END,
  CASE WHEN day::date = current_date THEN 0 ELSE ((r.id * 13 + extract(doy FROM day)::int * 7) % 21 - 10) * 125 END,
  CASE WHEN day::date = current_date THEN 0 ELSE ((r.id * 5 + extract(doy FROM day)::int * 3) % 11 - 5) * 100 END,
  CASE WHEN (r.id + extract(doy FROM day)::int) % 17 = 0 THEN 450 ELSE 0 END,
  ((r.id + extract(doy FROM day)::int) % 9) * 1000, 1,
  CASE WHEN day::date = current_date THEN NULL ELSE 1 END,
  CASE WHEN day::date = current_date THEN NULL ELSE day + interval '18 hours' END
FROM delivery_routes r
JOIN stock_locations s ON s.route_id = r.id
CROSS JOIN generate_series((SELECT min(date) FROM invoices), current_date, interval '1 day') day
WHERE r.name LIKE 'Route %' AND extract(isodow FROM day) < 6
ORDER BY day, r.id;

-- Each route's stops: 8 customers a weekday (Monday to Friday), spread over the customers, so a
-- load sheet reads a few weeks of 8 stores' invoices.
INSERT INTO route_stops (route_id, weekday, position, customer_id)
SELECT r.id, w, j, c.id
FROM delivery_routes r
CROSS JOIN generate_series(1, 5) w
CROSS JOIN generate_series(1, 8) j
JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS total
      FROM customers WHERE deleted_at IS NULL) c
  ON c.k = ((r.id * 5 + w) * 8 + j) % c.total
WHERE r.name LIKE 'Route %';

-- A reorder level on every active product, 300–899: some are below it after the loads.
UPDATE products SET reorder_level = 300 + (id * 13) % 600 WHERE deleted_at IS NULL;

COMMIT;

SELECT rollups_fold();
ANALYZE users, delivery_routes, route_stops, products, stock_locations, stock_movements, stock_levels, stock_level_deltas, settlements;
