-- Held-out retrieval set beaver_dw, made by nl2sql bench heldout import from BEAVER
-- (https://github.com/peterbaile/beaver, MIT licence, commit unknown (not a git checkout)); see SOURCE. Fetched data: never commit it.
CREATE SCHEMA beaver_dw;

CREATE TABLE beaver_dw.ship_order (
    ship_order_key varchar,
    order_date timestamp(0),
    qty numeric,
    status_code char(1),
    "user" varchar
);

CREATE TABLE beaver_dw.warehouse_dim (
    warehouse_key varchar,
    warehouse_name varchar
);
