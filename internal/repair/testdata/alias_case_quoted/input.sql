SELECT "E".first_name FROM employees e
