SELECT e.first_name, e.last_name, count(*) FROM employees e GROUP BY e.first_name
