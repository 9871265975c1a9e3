SELECT name FROM customers WHERE pg_catalog.pg_sleep(1) IS NULL
