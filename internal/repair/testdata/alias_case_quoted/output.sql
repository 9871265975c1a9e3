SELECT e.first_name FROM employees e
