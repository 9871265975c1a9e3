SELECT employees.first_name FROM employees WHERE employees.status = 'active'
