SELECT status, count(*) FROM employees GROUP BY status ORDER BY 2 DESC
