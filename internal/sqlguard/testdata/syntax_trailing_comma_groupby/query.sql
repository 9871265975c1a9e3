SELECT country, count(*) FROM customers GROUP BY country, ORDER BY 2
