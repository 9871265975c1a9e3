-- The schema the introspection goldens are taken from: keys (composite ones
-- too, one declared in an order other than its columns'), CHECK lists in the
-- forms PostgreSQL prints, an enum, comments, a view, a materialized view, a
-- partitioned table, a dropped column, CHECK conditions that are no list (a
-- table's, a domain's, one over two columns, one NOT VALID), and objects
-- introspection must leave out.
CREATE SCHEMA shop;
CREATE SCHEMA audit;
CREATE SCHEMA unrelated;

CREATE TYPE shop.channel AS ENUM ('web', 'store', 'phone');
CREATE DOMAIN shop.sku AS varchar(32) CHECK (VALUE ~ '^[A-Z]+[0-9]+$');

CREATE TABLE shop.customers (
    customer_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email       text NOT NULL UNIQUE,
    full_name   text NOT NULL,
    status      text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'blocked', 'closed')),
    created_at  timestamptz NOT NULL DEFAULT now()
);
COMMENT ON TABLE shop.customers IS 'People and companies that buy from the shop.';
COMMENT ON COLUMN shop.customers.email IS 'Login e-mail; unique.';

CREATE TABLE shop.products (
    product_id integer PRIMARY KEY,
    sku        shop.sku NOT NULL,
    name       text NOT NULL,
    price      numeric(10,2) NOT NULL CHECK (price >= 0),
    category   varchar(20) CHECK (category IN ('books', 'games', 'toys')),
    legacy     integer
);
ALTER TABLE shop.products DROP COLUMN legacy;

CREATE TABLE shop.orders (
    order_id    bigint PRIMARY KEY,
    customer_id bigint NOT NULL REFERENCES shop.customers,
    ordered_at  timestamptz NOT NULL,
    channel     shop.channel NOT NULL,
    status      text NOT NULL CHECK (status = ANY (ARRAY['new', 'paid', 'shipped', 'cancelled'])),
    total       numeric(12,2),
    priority    smallint CHECK (priority IS NULL OR priority IN (1, 2, 3))
);
COMMENT ON COLUMN shop.orders.total IS 'Sum of the lines, in EUR.';

CREATE TABLE shop.order_lines (
    order_id   bigint NOT NULL REFERENCES shop.orders ON DELETE CASCADE,
    line_no    smallint NOT NULL,
    product_id integer NOT NULL REFERENCES shop.products,
    quantity   integer NOT NULL CHECK (quantity > 0),
    PRIMARY KEY (order_id, line_no)
);

CREATE TABLE shop.shipments (
    shipment_id bigint PRIMARY KEY,
    order_id    bigint NOT NULL,
    line_no     smallint NOT NULL,
    "Carrier"   text CHECK ("Carrier" IN ('DHL', 'UPS')),
    shipped_on  date,
    CONSTRAINT shipments_line_fk FOREIGN KEY (order_id, line_no) REFERENCES shop.order_lines (order_id, line_no)
);
-- Rows from before it may break it: not shown.
ALTER TABLE shop.order_lines ADD CONSTRAINT order_lines_few CHECK (quantity < 1000) NOT VALID;

-- The key's order is not the columns': (product_id, warehouse).
CREATE TABLE shop.stock (
    warehouse  text NOT NULL,
    product_id integer NOT NULL REFERENCES shop.products,
    quantity   integer NOT NULL DEFAULT 0,
    PRIMARY KEY (product_id, warehouse),
    CHECK (quantity >= 0 OR warehouse = 'returns')
);

CREATE TABLE shop.events (
    event_id bigint NOT NULL,
    at       timestamptz NOT NULL,
    kind     text NOT NULL CHECK (kind IN ('view', 'click')),
    PRIMARY KEY (event_id, at)
) PARTITION BY RANGE (at);
CREATE TABLE shop.events_2024 PARTITION OF shop.events FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
CREATE TABLE shop.events_2025 PARTITION OF shop.events FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');
COMMENT ON TABLE shop.events IS 'Click stream, partitioned by year.';

CREATE VIEW shop.customer_totals AS
SELECT c.customer_id, c.full_name, sum(o.total) AS total
FROM shop.customers c JOIN shop.orders o USING (customer_id)
GROUP BY 1, 2;
COMMENT ON VIEW shop.customer_totals IS 'Revenue per customer.';

CREATE MATERIALIZED VIEW shop.daily_sales AS
SELECT date_trunc('day', ordered_at)::date AS day, count(*) AS orders FROM shop.orders GROUP BY 1;

CREATE SEQUENCE shop.invoice_numbers;
CREATE INDEX orders_customer_idx ON shop.orders (customer_id);

CREATE TABLE audit.changes (
    change_id   bigint PRIMARY KEY,
    customer_id bigint REFERENCES shop.customers,
    "user"      text NOT NULL,
    changed_at  timestamptz NOT NULL
);

CREATE TABLE unrelated.noise (id int);

-- A foreign table is a table to questions.
CREATE EXTENSION file_fdw;
CREATE SERVER files FOREIGN DATA WRAPPER file_fdw;
CREATE FOREIGN TABLE shop.exchange_rates (currency char(3) NOT NULL, rate numeric)
    SERVER files OPTIONS (filename '/dev/null', format 'csv');

-- Views an extension owns are not the shop's.
CREATE EXTENSION pg_stat_statements SCHEMA shop;

INSERT INTO shop.customers (email, full_name, status)
SELECT 'c' || g || '@example.com', 'Customer ' || g, 'active' FROM generate_series(1, 20) g;
INSERT INTO shop.products SELECT g, 'SKU' || g, 'Product ' || g, g, 'books' FROM generate_series(1, 10) g;
INSERT INTO shop.orders SELECT g, 1 + g % 20, timestamptz '2025-01-01' + g * interval '1 hour', 'web', 'new', g
FROM generate_series(1, 50) g;
INSERT INTO shop.order_lines SELECT 1 + g % 50, g, 1 + g % 10, 1 FROM generate_series(1, 100) g;
INSERT INTO shop.events SELECT g, timestamptz '2024-06-01' + g * interval '1 day', 'view' FROM generate_series(1, 300) g;
REFRESH MATERIALIZED VIEW shop.daily_sales;
ANALYZE;
