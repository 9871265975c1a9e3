SELECT extract(year FROM hire_date) AS year, count(*) FROM employees
