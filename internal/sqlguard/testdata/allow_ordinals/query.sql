SELECT country, count(*) AS n FROM customers GROUP BY 1 ORDER BY 2 DESC, 1
