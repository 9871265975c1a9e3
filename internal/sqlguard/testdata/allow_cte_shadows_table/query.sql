WITH customers AS (SELECT 1 AS id) SELECT id FROM customers
