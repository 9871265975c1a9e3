SELECT c.country, count(*) FROM customers c
