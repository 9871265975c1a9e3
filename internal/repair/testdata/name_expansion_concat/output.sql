SELECT (e.first_name || ' ' || e.last_name) AS name FROM employees e WHERE (e.first_name || ' ' || e.last_name) LIKE 'A%' ORDER BY (e.first_name || ' ' || e.last_name)
