-- The orders service's own schema. vtbench runs this file, then seed.sql, on a fresh database
-- before the service starts (spec.database.sql.schemaFile / dataFile).
CREATE TABLE customers (
  id    bigint PRIMARY KEY,
  name  text   NOT NULL,
  tier  text   NOT NULL
);

CREATE TABLE orders (
  id           bigint      PRIMARY KEY,
  customer_id  bigint      NOT NULL REFERENCES customers (id),
  status       text        NOT NULL,
  total_cents  bigint      NOT NULL,
  created_at   timestamptz NOT NULL
);

CREATE INDEX orders_by_customer ON orders (customer_id, created_at DESC);
