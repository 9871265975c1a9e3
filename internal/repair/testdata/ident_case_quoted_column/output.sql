SELECT first_name, last_name FROM employees WHERE status = 'active'
