SELECT e.full_name AS name FROM employees e WHERE e.full_name LIKE 'A%' ORDER BY e.full_name
