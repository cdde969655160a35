-- 2,000 customers with 25 orders each (50,000 orders): ids are dense, so a load can draw
-- order ids from 1..50000 and customer ids from 1..2000.
INSERT INTO customers (id, name, tier)
SELECT c, 'customer-' || c, (ARRAY['basic', 'silver', 'gold'])[1 + c % 3]
FROM generate_series(1, 2000) AS c;

INSERT INTO orders (id, customer_id, status, total_cents, created_at)
SELECT o,
       1 + (o - 1) % 2000,
       (ARRAY['NEW', 'PAID', 'SHIPPED', 'DELIVERED'])[1 + o % 4],
       500 + (o * 7919) % 100000,
       timestamptz '2026-01-01 00:00:00+00' + make_interval(mins => o)
FROM generate_series(1, 50000) AS o;

ANALYZE customers;
ANALYZE orders;
