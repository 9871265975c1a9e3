SELECT count(*) FROM customers
