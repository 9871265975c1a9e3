SELECT count(*) FROM orders
