SELECT country, count(*) FROM customers GROUP BY country HAVING count(*) > 5
