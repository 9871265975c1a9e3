SELECT e.name FROM employees e
