-- The benchmark's target database: small on purpose, so the benchmark
-- measures the pipeline's own overhead rather than query execution.
CREATE SCHEMA bench;
CREATE TABLE bench.customers (
    customer_id integer PRIMARY KEY,
    name        text NOT NULL,
    region      text NOT NULL CHECK (region IN ('north', 'south', 'east', 'west'))
);
COMMENT ON TABLE bench.customers IS 'Customers of the benchmark shop';
CREATE TABLE bench.orders (
    order_id     integer PRIMARY KEY,
    customer_id  integer NOT NULL REFERENCES bench.customers,
    ordered_on   date NOT NULL,
    total_amount numeric(12,2) NOT NULL
);
CREATE INDEX ON bench.orders (customer_id);
INSERT INTO bench.customers
SELECT g, 'customer ' || g, (ARRAY['north', 'south', 'east', 'west'])[1 + g % 4]
FROM generate_series(1, 500) g;
INSERT INTO bench.orders
SELECT g, 1 + g % 500, date '2024-01-01' + g % 365, (g % 997) * 1.25
FROM generate_series(1, 20000) g;
ANALYZE bench.customers;
ANALYZE bench.orders;
