SELECT status, count(*) AS employees FROM employees WHERE hire_date >= DATE '2024-01-01' ORDER BY 2 DESC
