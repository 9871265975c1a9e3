SELECT c.country, c.name, count(*) FROM customers c GROUP BY c.country
