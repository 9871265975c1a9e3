SELECT c.country, count(*) AS customers
FROM customers c
GROUP BY ROLLUP (c.country)
HAVING GROUPING(c.country) = 0 AND c.country <> 'DE'
