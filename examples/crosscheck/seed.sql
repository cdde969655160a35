-- vtbench schema and seed data. Rendered by dev.vtbench.engine.seed.SeedSql, which replaces
-- 10000 and 100000. Idempotent: re-running with the same sizes does nothing; other
-- sizes re-seed. Runs either as the database owner (local mode) or as the superuser in the
-- application database (CloudNativePG postInitApplicationSQL), so every object is handed to the
-- database's owner at the end: the app user must be able to read what it queries.

CREATE TABLE IF NOT EXISTS customers (
  id         bigint      PRIMARY KEY,
  name       text        NOT NULL,
  surname    text        NOT NULL,
  email      text        NOT NULL,
  tier       text        NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE IF NOT EXISTS orders (
  id          bigint      PRIMARY KEY,
  customer_id bigint      NOT NULL,
  status      text        NOT NULL,
  total_cents bigint      NOT NULL,
  item_count  integer     NOT NULL,
  created_at  timestamptz NOT NULL
);

CREATE TABLE IF NOT EXISTS vtbench_seed (
  id        integer     PRIMARY KEY CHECK (id = 1),
  customers bigint      NOT NULL,
  orders    bigint      NOT NULL,
  seconds   numeric     NOT NULL,
  seeded_at timestamptz NOT NULL
);

DO $vtbench$
DECLARE
  want_customers constant bigint := 10000;
  want_orders    constant bigint := 100000;
  started        timestamptz := clock_timestamp();
  took           numeric;
  owner          text;
BEGIN
  IF EXISTS (SELECT 1 FROM vtbench_seed
              WHERE customers = want_customers AND orders = want_orders) THEN
    RAISE NOTICE 'vtbench seed: already seeded with % customers and % orders, nothing to do',
      want_customers, want_orders;
  ELSE
    -- Secondary indexes and the foreign key are built once after the load, not row by row.
    ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_customer_id_fkey;
    DROP INDEX IF EXISTS customers_name_surname_idx;
    DROP INDEX IF EXISTS orders_customer_id_idx;
    TRUNCATE orders, customers;
    -- (g % 500, g / 500) is unique per g, so every name/surname pair matches exactly one row.
    INSERT INTO customers (id, name, surname, email, tier, created_at)
    SELECT g,
           'name' || (g % 500),
           'surname' || (g / 500),
           'customer' || g || '@example.test',
           (ARRAY['bronze', 'silver', 'gold', 'platinum'])[1 + g % 4],
           timestamptz '2024-01-01' + (g % 86400) * interval '1 minute'
      FROM generate_series(1, want_customers) AS g;
    INSERT INTO orders (id, customer_id, status, total_cents, item_count, created_at)
    SELECT g,
           1 + (g * 7919) % want_customers,
           (ARRAY['NEW', 'PAID', 'SHIPPED', 'DELIVERED', 'RETURNED'])[1 + g % 5],
           100 + (g * 37) % 99900,
           1 + g % 9,
           timestamptz '2024-01-01' + (g % 525600) * interval '1 minute'
      FROM generate_series(1, want_orders) AS g;
    -- The users-by-name lookup (seed 002) filters on both columns.
    CREATE INDEX customers_name_surname_idx ON customers (surname, name);
    CREATE INDEX orders_customer_id_idx ON orders (customer_id);
    ALTER TABLE orders ADD CONSTRAINT orders_customer_id_fkey
      FOREIGN KEY (customer_id) REFERENCES customers (id);
    ANALYZE customers;
    ANALYZE orders;
    took := round(extract(epoch FROM clock_timestamp() - started)::numeric, 3);
    INSERT INTO vtbench_seed (id, customers, orders, seconds, seeded_at)
    VALUES (1, want_customers, want_orders, took, now())
    ON CONFLICT (id) DO UPDATE
      SET customers = EXCLUDED.customers, orders = EXCLUDED.orders,
          seconds = EXCLUDED.seconds, seeded_at = EXCLUDED.seeded_at;
    RAISE NOTICE 'vtbench seed: % customers and % orders seeded in % s',
      want_customers, want_orders, took;
  END IF;

  SELECT pg_get_userbyid(datdba) INTO owner FROM pg_database WHERE datname = current_database();
  EXECUTE format('ALTER TABLE customers OWNER TO %I', owner);
  EXECUTE format('ALTER TABLE orders OWNER TO %I', owner);
  EXECUTE format('ALTER TABLE vtbench_seed OWNER TO %I', owner);
END
$vtbench$;
