SELECT 1 -- ; DROP TABLE customers
