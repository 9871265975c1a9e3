SELECT c.country, count(*) AS customers FROM customers c GROUP BY c.country HAVING c.country <> 'DE'
