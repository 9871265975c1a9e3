SELECT extract(year FROM created_at) AS y, count(*) FROM orders GROUP BY y
